// The queen's attacks by the obstruction difference, one line at a time: each square's four
// lines are structs of three masks, and a getter reads the one it is given through a pointer.
typedef unsigned long long U64;

// A line through a square: the squares below it, above it, and both (the square left out).
struct LineMasks {
    U64 below;
    U64 above;
    U64 both;
} lines[64][4];

// The four lines as steps up the board: east along the rank, north up the file, then the
// diagonal and the antidiagonal.
const int fileStep[4] = {1, 0, 1, -1};
const int rankStep[4] = {0, 1, 1, 1};

void initLines(void) {
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
            lines[sq][line].below = below;
            lines[sq][line].above = above;
            lines[sq][line].both = below | above;
        }
    }
}

U64 lineAttacks(U64 occ, const struct LineMasks *m) {
    U64 lower = m->below & occ;
    U64 upper = m->above & occ;
    // The nearest blocker below is the highest piece there; with none, 1 stands for it.
    U64 nearestBelow = 0x8000000000000000ULL >> __builtin_clzll(lower | 1);
    // The nearest above is the lowest piece there, doubled: 0 if there is none.
    U64 nearestAbove = upper & (0 - upper);
    // The borrow runs from the square past the one above down to the one below.
    return m->both & (2 * nearestAbove - nearestBelow);
}

U64 rookAttacks(U64 occ, int sq) {
    return lineAttacks(occ, lines[sq] + 0) | lineAttacks(occ, lines[sq] + 1);
}

U64 bishopAttacks(U64 occ, int sq) {
    return lineAttacks(occ, &lines[sq][2]) | lineAttacks(occ, &lines[sq][3]);
}

initLines();
return rookAttacks(o, sq) | bishopAttacks(o, sq);
