// The classical approach without a branch, as MSVC engines write it: a bit scan of the ray's
// pieces, with the ray's last square set so that the scan always finds one. The rays table
// has a 65th column of zeros, which that last square's scan reads.
typedef unsigned long long U64;
enum enumDir { nort, east, sout, west, count = west + 1 };
U64 rayAttacks[count][65];

int step(enumDir dir, int sq) {
    int r = sq >> 3, f = sq & 7;
    if (dir == nort) r++;
    if (dir == sout) r--;
    if (dir == east) f++;
    if (dir == west) f--;
    return r < 0 || r > 7 || f < 0 || f > 7 ? -1 : r * 8 + f;
}

void initRays(void) {
    for (int sq = 0; sq < 64; sq++) {
        for (int dir = nort; dir <= west; dir++) {
            for (int s = step(dir, sq); s >= 0; s = step(dir, s)) rayAttacks[dir][sq] |= 1ULL << s;
        }
    }
}

// Up the board the nearest blocker is the lowest piece; h8's bit stands for one past the ray.
U64 upAttacks(U64 occ, enumDir dir, unsigned long square) {
    U64 attacks = rayAttacks[dir][square];
    U64 blocker = attacks & occ;
    _BitScanForward64(&square, blocker | 0x8000000000000000ULL);
    return attacks ^ rayAttacks[dir][square];
}

// Down the board it is the highest; a1's bit stands for one past the ray.
U64 downAttacks(U64 occ, enumDir dir, unsigned long square) {
    U64 attacks = rayAttacks[dir][square];
    U64 blocker = attacks & occ;
    _BitScanReverse64(&square, blocker | 1);
    return attacks ^ rayAttacks[dir][square];
}

initRays();
return upAttacks(o, nort, sq) | upAttacks(o, east, sq) | downAttacks(o, sout, sq) | downAttacks(o, west, sq);
