// The rook's attacks by subtracting three times the nearest blocker below from the line's
// pieces (o ^ (o - 3 * nearest)), a line at a time through a pointer to its masks.
typedef unsigned long long U64;

// A line's masks, named as the article names them: the squares below on the line (and a1's
// bit, so that a scan finds one), those above, the line without the square, and its outer
// squares: the last above, and a1's bit, set on every board.
typedef struct {
    U64 lower;
    U64 upper;
    U64 lineEx;
    U64 outer;
} SMasks;

SMasks masks[64][2];

// The article's bit scan reverse, by the compilers' builtin.
#define bsr64(x) (63 - __builtin_clzll(x))

const int fileStep[2] = {1, 0};
const int rankStep[2] = {0, 1};

void initMasks(void) {
    for (int sq = 0; sq < 64; sq++) {
        for (int line = 0; line < 2; line++) {
            U64 above = 0, below = 0, top = 0;
            int f = (sq & 7) + fileStep[line], r = (sq >> 3) + rankStep[line];
            while (f < 8 && r < 8) {
                top = 1ULL << (8 * r + f);
                above |= top;
                f += fileStep[line];
                r += rankStep[line];
            }
            f = (sq & 7) - fileStep[line];
            r = (sq >> 3) - rankStep[line];
            while (f >= 0 && r >= 0) {
                below |= 1ULL << (8 * r + f);
                f -= fileStep[line];
                r -= rankStep[line];
            }
            masks[sq][line].lower = below | 1;
            masks[sq][line].upper = above;
            masks[sq][line].lineEx = below | above;
            masks[sq][line].outer = top | 1;
        }
    }
}

U64 lineAttacks(U64 occ, const SMasks *pMask) {
    U64 pieces = (occ & pMask->lineEx) | pMask->outer;
    int nearest = bsr64(pieces & pMask->lower);
    U64 borrowed = pieces - 3 * (1ULL << nearest);
    return (pieces ^ borrowed) & pMask->lineEx;
}

initMasks();
const SMasks *rank = masks[sq];
return lineAttacks(o, rank) | lineAttacks(o, rank + 1);
