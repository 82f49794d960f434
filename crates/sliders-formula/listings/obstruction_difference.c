// The queen's attacks by the obstruction difference, one line at a time: each square's four
// lines are structs of three masks, named as the article names them, and a getter reads the
// one it is given through a pointer.
typedef unsigned long long U64;

// A line through a square: the squares below it, above it, and both (the square left out).
struct SMasks {
    U64 lower;
    U64 upper;
    U64 lineEx;
} masks[64][4];

// The four lines as steps up the board: east along the rank, north up the file, then the
// diagonal and the antidiagonal.
const int fileStep[4] = {1, 0, 1, -1};
const int rankStep[4] = {0, 1, 1, 1};

void initMasks(void) {
    for (int sq = 0; sq < 64; sq++) {
        for (int line = 0; line < 4; line++) {
            U64 above = 0, below = 0;
            int f = (sq & 7) + fileStep[line], r = (sq >> 3) + rankStep[line];
            while (f >= 0 && f < 8 && r < 8) {
                above |= 1ULL << (8 * r + f);
                f += fileStep[line];
                r += rankStep[line];
            }
            f = (sq & 7) - fileStep[line];
            r = (sq >> 3) - rankStep[line];
            while (f >= 0 && f < 8 && r >= 0) {
                below |= 1ULL << (8 * r + f);
                f -= fileStep[line];
                r -= rankStep[line];
            }
            masks[sq][line].lower = below;
            masks[sq][line].upper = above;
            masks[sq][line].lineEx = below | above;
        }
    }
}

U64 lineAttacks(U64 occ, const SMasks *pMask) {
    U64 lower = pMask->lower & occ;
    U64 upper = pMask->upper & occ;
    // The nearest blocker below is the highest piece there; with none, 1 stands for it.
    U64 nearestBelow = 0x8000000000000000ULL >> __builtin_clzll(lower | 1);
    // The nearest above is the lowest piece there, doubled: 0 if there is none.
    U64 nearestAbove = upper & (0 - upper);
    // The borrow runs from the square past the one above down to the one below.
    return pMask->lineEx & (2 * nearestAbove - nearestBelow);
}

U64 rookAttacks(U64 occ, int sq) {
    return lineAttacks(occ, masks[sq] + 0) | lineAttacks(occ, masks[sq] + 1);
}

U64 bishopAttacks(U64 occ, int sq) {
    return lineAttacks(occ, &masks[sq][2]) | lineAttacks(occ, &masks[sq][3]);
}

initMasks();
return rookAttacks(o, sq) | bishopAttacks(o, sq);
