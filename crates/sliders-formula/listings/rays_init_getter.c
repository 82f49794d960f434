// The classical approach as engines write it: a table of each square's rays, filled once by
// init_rays(), read at the slider's square and at the first blocker's, found by a bit scan.
typedef unsigned long long U64;
// Each square's rays: north, east, south, west.
U64 rays[4][64];

void init_rays(void) {
    for (int sq = 0; sq < 64; sq++) {
        int f = sq & 7, r = sq >> 3;
        for (int s = sq + 8; s < 64; s += 8) rays[0][sq] |= 1ULL << s;
        for (int g = f + 1; g < 8; g++) rays[1][sq] |= 1ULL << (r * 8 + g);
        for (int s = sq - 8; s >= 0; s -= 8) rays[2][sq] |= 1ULL << s;
        for (int g = f - 1; g >= 0; g--) rays[3][sq] |= 1ULL << (r * 8 + g);
    }
}

U64 positive(U64 occ, int dir, int sq) {
    U64 attacks = rays[dir][sq];
    U64 blocker = attacks & occ;
    if (blocker) attacks ^= rays[dir][__builtin_ctzll(blocker)];
    return attacks;
}

U64 negative(U64 occ, int dir, int sq) {
    U64 attacks = rays[dir][sq];
    U64 blocker = attacks & occ;
    if (blocker) attacks ^= rays[dir][63 - __builtin_clzll(blocker)];
    return attacks;
}

init_rays();
return positive(o, 0, sq) | positive(o, 1, sq) | negative(o, 2, sq) | negative(o, 3, sq);
