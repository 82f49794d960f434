// A rook's fancy magic bitboards with the struct engines keep per square: a pointer into the
// shared attack table, the mask, the magic number and the shift, filled once by initMagics().
// The magic numbers are the lab's own, from a seeded search.
typedef unsigned long long U64;

typedef struct {
    U64 *attacks;  // this square's part of the shared table
    U64 mask;      // the squares whose pieces matter
    U64 magic;
    int shift;     // 64 less the mask's bits
} SMagic;

const U64 magicNumbers[64] = {
    0x8080002c50400280ULL, 0x8040004020001001ULL, 0x0100110040200008ULL, 0x0100050020081000ULL,
    0x0200040810200200ULL, 0x1200100468160003ULL, 0x0280010000801200ULL, 0x020008a202458104ULL,
    0x002180008040002aULL, 0x0c10404000201000ULL, 0x0800808010002000ULL, 0x4002808010008800ULL,
    0x0010800400800800ULL, 0x4404800400800200ULL, 0x0b00800100800200ULL, 0x0843002210488100ULL,
    0x0004228000400080ULL, 0x0000810020400108ULL, 0x0008410011002000ULL, 0x020812000a004020ULL,
    0x1008808008000402ULL, 0x0000808004000200ULL, 0x0300010100040200ULL, 0x1080020020885104ULL,
    0x0080004040002000ULL, 0x0080200080400082ULL, 0x0201001100200040ULL, 0xb000100100210008ULL,
    0x0000080080800400ULL, 0x1002000200080410ULL, 0x0000100400880201ULL, 0x0410004200010084ULL,
    0x008002a0044004c0ULL, 0x4400400382802000ULL, 0x1800801000802003ULL, 0x0008001000800882ULL,
    0x4a10040080800800ULL, 0x0002000402001008ULL, 0x0000100814004211ULL, 0x0011000841002482ULL,
    0x0040400080618000ULL, 0x1040004020008080ULL, 0x0008102001010040ULL, 0x0050100009010020ULL,
    0x0101000802050010ULL, 0x0932000408020010ULL, 0x6080010250040008ULL, 0x0201108100420014ULL,
    0x2840804102102200ULL, 0x4400200040008080ULL, 0x0a10082000841080ULL, 0x3000080010008080ULL,
    0x2004080004008080ULL, 0x0081001400081300ULL, 0x3010288210010400ULL, 0x0000040844810600ULL,
    0x2200102102004082ULL, 0x8401001040002081ULL, 0x0280c01020056901ULL, 0x0002200500100009ULL,
    0x8349000800108205ULL, 0x8912000c10080126ULL, 0x000008901201080cULL, 0x0090810844048022ULL,
};
SMagic magics[64];
U64 attackTable[102400];

// The attacks along the four rays, each up to and including its first piece.
U64 slow_attacks(int sq, U64 occ) {
    U64 attacks = 0;
    int r = sq >> 3, f = sq & 7;
    for (int i = r + 1; i < 8; i++) { attacks |= 1ULL << (i * 8 + f); if (occ & (1ULL << (i * 8 + f))) break; }
    for (int i = r - 1; i >= 0; i--) { attacks |= 1ULL << (i * 8 + f); if (occ & (1ULL << (i * 8 + f))) break; }
    for (int i = f + 1; i < 8; i++) { attacks |= 1ULL << (r * 8 + i); if (occ & (1ULL << (r * 8 + i))) break; }
    for (int i = f - 1; i >= 0; i--) { attacks |= 1ULL << (r * 8 + i); if (occ & (1ULL << (r * 8 + i))) break; }
    return attacks;
}

void initMagics(void) {
    int next = 0;
    for (int sq = 0; sq < 64; sq++) {
        int r = sq >> 3, f = sq & 7;
        SMagic *m = &magics[sq];
        U64 relevant = 0;
        for (int i = r + 1; i < 7; i++) relevant |= 1ULL << (i * 8 + f);
        for (int i = r - 1; i > 0; i--) relevant |= 1ULL << (i * 8 + f);
        for (int i = f + 1; i < 7; i++) relevant |= 1ULL << (r * 8 + i);
        for (int i = f - 1; i > 0; i--) relevant |= 1ULL << (r * 8 + i);
        m->mask = relevant;
        m->magic = magicNumbers[sq];
        m->shift = 64 - __builtin_popcountll(relevant);
        m->attacks = attackTable + next;
        // Every subset of the mask, by the carry-rippler.
        U64 subset = 0;
        do {
            m->attacks[(subset * m->magic) >> m->shift] = slow_attacks(sq, subset);
            subset = (subset - relevant) & relevant;
        } while (subset);
        next += 1 << (64 - m->shift);
    }
}

U64 rookAttacks(U64 occ, int sq) {
    const SMagic *m = &magics[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

initMagics();
return rookAttacks(o, sq);
