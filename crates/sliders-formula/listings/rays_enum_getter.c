// The classical approach with the wiki's names: a direction is an enum, usable as a type, and
// the table of rays has a row per direction, filled once.
typedef unsigned long long U64;
enum enumDir { nort, east, sout, west, count = west + 1 };
U64 rayAttacks[count][64];

// One step from a square in a direction, or -1 off the board.
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

U64 rayOf(U64 occ, enum enumDir dir, int sq) {
    U64 attacks = rayAttacks[dir][sq];
    U64 blocker = attacks & occ;
    if (blocker == 0) return attacks;
    // North and east run up the board: their nearest blocker is the lowest bit.
    int first = dir == nort || dir == east ? __builtin_ctzll(blocker) : 63 - __builtin_clzll(blocker);
    return attacks ^ rayAttacks[dir][first];
}

initRays();
return rayOf(o, nort, sq) | rayOf(o, east, sq) | rayOf(o, sout, sq) | rayOf(o, west, sq);
