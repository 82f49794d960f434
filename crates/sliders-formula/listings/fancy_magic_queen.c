// A queen's attacks by fancy magic bitboards, as an engine writes them: the magic numbers (the
// lab's own, from a seeded search), and the masks, shifts, offsets and one attack table for
// both pieces, filled once by init_magics() from a slow walk along the rays.
typedef unsigned long long U64;

const U64 rook_magic[64] = {
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
const U64 bishop_magic[64] = {
    0xa820081000802040ULL, 0x0010040800405600ULL, 0x0041610200800004ULL, 0x0004050204101950ULL,
    0xa0820210004a4202ULL, 0x0000901008010400ULL, 0x1082008208400010ULL, 0x1000c40a01100280ULL,
    0x0000043022880300ULL, 0x8040101000808486ULL, 0x1002908c00444402ULL, 0x4000044106a00895ULL,
    0x0104011040620194ULL, 0x0020111008048040ULL, 0x0080208421201000ULL, 0x1091818498051014ULL,
    0x0042042002242918ULL, 0x9110400810010040ULL, 0x2084090888020088ULL, 0x0000802802014021ULL,
    0x0224008822081000ULL, 0x1111800508014029ULL, 0x0042210403140a11ULL, 0x0014240500880440ULL,
    0xc02020c205042400ULL, 0x0001050110301200ULL, 0x4004920010040014ULL, 0x1060080001040408ULL,
    0x0001001001004000ULL, 0x0078020100404200ULL, 0x200801002280e811ULL, 0x4041002009048830ULL,
    0x01080840400a024cULL, 0x4b01141100a00108ULL, 0x2800280400080028ULL, 0x2400020080080080ULL,
    0x00400241001a1100ULL, 0x1220900210030101ULL, 0x9001020880040400ULL, 0x0054042020088882ULL,
    0x0082c22020205100ULL, 0x0646012120040809ULL, 0x4801442401021004ULL, 0x0948024010440200ULL,
    0x1001241008809400ULL, 0x3050200041900100ULL, 0x224b500604810a00ULL, 0x8002440102004020ULL,
    0x0040441008081000ULL, 0x0100420090080100ULL, 0x000002046a080208ULL, 0x0800004020a80041ULL,
    0x2440104008220009ULL, 0x7302a21410288290ULL, 0x0090425004088011ULL, 0x00a0040410802406ULL,
    0x0200220044200832ULL, 0x2880a10101100200ULL, 0x0000006020841040ULL, 0x0400210400840401ULL,
    0x4c41140040082880ULL, 0x000200e660044100ULL, 0x220010103208044cULL, 0x0108108404454201ULL,
};
// Row 0 for the rook, row 1 for the bishop.
U64 mask[2][64];
int shift[2][64];
int offset[2][64];
U64 table[107648];

// The attacks along a piece's rays (0: the rook's four, 1: the bishop's), each up to and
// including its first piece.
U64 slow_attacks(int piece, int sq, U64 occ) {
    U64 attacks = 0;
    for (int d = 0; d < 4; d++) {
        int dr = piece ? (d < 2 ? 1 : -1) : (d == 0 ? 1 : d == 1 ? -1 : 0);
        int df = piece ? (d % 2 ? 1 : -1) : (d == 2 ? 1 : d == 3 ? -1 : 0);
        int r = (sq >> 3) + dr, f = (sq & 7) + df;
        while (r >= 0 && r < 8 && f >= 0 && f < 8) {
            attacks |= 1ULL << (r * 8 + f);
            if (occ & (1ULL << (r * 8 + f))) break;
            r += dr;
            f += df;
        }
    }
    return attacks;
}

// The squares whose pieces matter: the rays without their last square.
U64 relevant(int piece, int sq) {
    U64 m = 0;
    for (int d = 0; d < 4; d++) {
        int dr = piece ? (d < 2 ? 1 : -1) : (d == 0 ? 1 : d == 1 ? -1 : 0);
        int df = piece ? (d % 2 ? 1 : -1) : (d == 2 ? 1 : d == 3 ? -1 : 0);
        int r = (sq >> 3) + dr, f = (sq & 7) + df;
        while (r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8) {
            m |= 1ULL << (r * 8 + f);
            r += dr;
            f += df;
        }
    }
    return m;
}

void init_magics(void) {
    int next = 0;
    for (int piece = 0; piece < 2; piece++) {
        for (int sq = 0; sq < 64; sq++) {
            U64 m = relevant(piece, sq);
            U64 magic = piece ? bishop_magic[sq] : rook_magic[sq];
            int bits = __builtin_popcountll(m);
            mask[piece][sq] = m;
            shift[piece][sq] = 64 - bits;
            offset[piece][sq] = next;
            // Every subset of the mask, by the carry-rippler.
            U64 subset = 0;
            do {
                table[next + ((subset * magic) >> (64 - bits))] = slow_attacks(piece, sq, subset);
                subset = (subset - m) & m;
            } while (subset);
            next += 1 << bits;
        }
    }
}

U64 rook_attacks(U64 occ, int sq) {
    return table[offset[0][sq] + (((occ & mask[0][sq]) * rook_magic[sq]) >> shift[0][sq])];
}

U64 bishop_attacks(U64 occ, int sq) {
    return table[offset[1][sq] + (((occ & mask[1][sq]) * bishop_magic[sq]) >> shift[1][sq])];
}

init_magics();
return rook_attacks(o, sq) | bishop_attacks(o, sq);
