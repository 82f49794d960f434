// The rook's rays chosen by a switch on an enum of directions, the nearest blocker by another.
typedef unsigned long long U64;
enum { nort, east, sout, west };
U64 ray_of(int dir, int sq) {
    switch (dir) {
    case nort:
        return ray(sq, north);
    case east: return ray(sq, east);
    case sout:
    case west: {
        U64 r = dir == sout ? ray(sq, south) : ray(sq, west);
        return r;
    }
    default:
        return 0;
    }
}
U64 hits(U64 occ, int dir, int sq) {
    U64 attacks = ray_of(dir, sq);
    U64 blocker = attacks & occ;
    if (!blocker) return attacks;
    int first;
    switch (dir) {
        case nort: case east: first = __builtin_ctzll(blocker); break;
        default: first = 63 - __builtin_clzll(blocker);
    }
    return attacks ^ ray_of(dir, first);
}
return hits(o, nort, sq) | hits(o, east, sq) | hits(o, sout, sq) | hits(o, west, sq);
