// The rook's attacks by subtracting three times the nearest blocker below from the line's
// pieces (o ^ (o - 3 * nearest)), a line at a time through a pointer to its masks.
typedef unsigned long long U64;

typedef struct {
    U64 below;  // the squares below on the line, and a1's bit, so that a scan finds one
    U64 both;   // the line, the square left out
    U64 edges;  // the line's last square above, and a1's bit: set on every board
} Line;

Line lines[64][2];

const int fileStep[2] = {1, 0};
const int rankStep[2] = {0, 1};

void initLines(void) {
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
            lines[sq][line].below = below | 1;
            lines[sq][line].both = below | above;
            lines[sq][line].edges = top | 1;
        }
    }
}

U64 lineAttacks(U64 occ, const Line *line) {
    U64 pieces = (occ & line->both) | line->edges;
    int nearest = 63 - __builtin_clzll(pieces & line->below);
    U64 borrowed = pieces - 3 * (1ULL << nearest);
    return (pieces ^ borrowed) & line->both;
}

initLines();
const Line *rank = lines[sq];
return lineAttacks(o, rank) | lineAttacks(o, rank + 1);
