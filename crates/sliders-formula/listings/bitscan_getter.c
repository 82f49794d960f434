// The classical approach without a branch, as MSVC engines write it: the rays in a table with
// a row per direction of the compass rose, and a bit scan of a ray's pieces with the ray's
// far end set, so that the scan always finds a bit (an end square's own ray is empty).
typedef unsigned long long U64;
enum enumDir { nort, noEa, east, soEa, sout, soWe, west, noWe };
U64 rayAttacks[8][64];

// One step from a square in a direction, or -1 off the board.
int step(enumDir dir8, int sq) {
    int r = sq >> 3, f = sq & 7;
    if (dir8 == nort || dir8 == noEa || dir8 == noWe) r++;
    if (dir8 == sout || dir8 == soEa || dir8 == soWe) r--;
    if (dir8 == east || dir8 == noEa || dir8 == soEa) f++;
    if (dir8 == west || dir8 == noWe || dir8 == soWe) f--;
    return r < 0 || r > 7 || f < 0 || f > 7 ? -1 : r * 8 + f;
}

void initRays(void) {
    for (int sq = 0; sq < 64; sq++) {
        for (int dir8 = nort; dir8 <= noWe; dir8++) {
            for (int s = step(dir8, sq); s >= 0; s = step(dir8, s)) rayAttacks[dir8][sq] |= 1ULL << s;
        }
    }
}

// Up the board the nearest blocker is the lowest piece; h8's bit stands for none.
U64 positiveRayAttacks(U64 occupied, enumDir dir8, unsigned long square) {
    U64 attacks = rayAttacks[dir8][square];
    U64 blocker = attacks & occupied;
    _BitScanForward64(&square, blocker | 0x8000000000000000ULL);
    return attacks ^ rayAttacks[dir8][square];
}

// Down the board it is the highest; a1's bit stands for none.
U64 negativeRayAttacks(U64 occupied, enumDir dir8, unsigned long square) {
    U64 attacks = rayAttacks[dir8][square];
    U64 blocker = attacks & occupied;
    _BitScanReverse64(&square, blocker | 1);
    return attacks ^ rayAttacks[dir8][square];
}

initRays();
return positiveRayAttacks(o, nort, sq) | positiveRayAttacks(o, east, sq) | negativeRayAttacks(o, sout, sq)
    | negativeRayAttacks(o, west, sq);
