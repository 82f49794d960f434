U64 north(U64 occ, int sq) {
    U64 file = 0x0101010101010101ULL << (sq & 7);
    // the file from the slider up: bit 0 is the slider's own square
    U64 line = (occ & file) >> sq;
    // the slider's bit cleared, as the lowest one
    U64 above = line & (line - 1);
    U64 first = above & (0 - above);
    U64 span = first ? (first << 1) - 1 : 0xffffffffffffffffULL;
    return (span << sq) & file & ~((2ULL << sq) - 1);
}
return north(o, sq)
