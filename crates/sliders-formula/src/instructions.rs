//! The WebAssembly instructions a formula compiles to, and the helper functions the module
//! carries for what WebAssembly has no instruction for: the vocabulary the functions' and
//! operators' definitions spell their WebAssembly in, below the compiler that uses it.

/// The instructions a formula needs, named as the text format names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Instr {
    I32Const(i32),
    I64Const(i64),
    LocalGet(u32),
    LocalSet(u32),
    LocalTee(u32),
    Call(u32),
    Drop,
    Select,
    /// `if` with an i64 result.
    IfI64,
    /// `if` without a result.
    If,
    Else,
    Block,
    Loop,
    Br(u32),
    BrIf(u32),
    End,
    Unreachable,
    I64Load(u32),
    I32Load8U(u32),
    I64Add,
    I64Sub,
    I64Mul,
    /// Unsigned division and remainder: both trap on a zero divisor.
    I64DivU,
    I64RemU,
    I64And,
    I64Or,
    I64Xor,
    I64Shl,
    I64ShrU,
    I64Rotl,
    I64Rotr,
    I64Clz,
    I64Ctz,
    I64Popcnt,
    I64Eqz,
    I64Eq,
    I64Ne,
    I64LtU,
    I64LeU,
    I64GtU,
    I64GeU,
    I64ExtendI32U,
    /// C's signed arithmetic: sign extension from a narrower width, signed division, shift and
    /// comparisons.
    I64Extend8S,
    I64Extend16S,
    I64Extend32S,
    I64DivS,
    I64RemS,
    I64ShrS,
    I64LtS,
    I64LeS,
    I64GtS,
    I64GeS,
    I32And,
    I32WrapI64,
    I32Add,
    I32Shl,
    I32GeU,
    /// A 64-bit number copied into both lanes of a 128-bit SIMD value.
    I64x2Splat,
    /// 16 bytes from memory as a SIMD value, at the address on the stack plus the offset.
    V128Load(u32),
    /// The first SIMD value's 16 bytes, picked by the second's: byte i of the result is the
    /// first value's byte numbered by byte i of the second (0 for a number past 15).
    I8x16Swizzle,
    /// One 64-bit lane of a SIMD value, as a number.
    I64x2ExtractLane(u8),
}

impl Instr {
    /// The mnemonic, without immediates.
    pub const fn mnemonic(self) -> &'static str {
        match self {
            Instr::I32Const(_) => "i32.const",
            Instr::I64Const(_) => "i64.const",
            Instr::LocalGet(_) => "local.get",
            Instr::LocalSet(_) => "local.set",
            Instr::LocalTee(_) => "local.tee",
            Instr::Call(_) => "call",
            Instr::Drop => "drop",
            Instr::Select => "select",
            Instr::IfI64 | Instr::If => "if",
            Instr::Else => "else",
            Instr::Block => "block",
            Instr::Loop => "loop",
            Instr::Br(_) => "br",
            Instr::BrIf(_) => "br_if",
            Instr::End => "end",
            Instr::Unreachable => "unreachable",
            Instr::I64Load(_) => "i64.load",
            Instr::I32Load8U(_) => "i32.load8_u",
            Instr::I64Add => "i64.add",
            Instr::I64Sub => "i64.sub",
            Instr::I64Mul => "i64.mul",
            Instr::I64DivU => "i64.div_u",
            Instr::I64RemU => "i64.rem_u",
            Instr::I64And => "i64.and",
            Instr::I64Or => "i64.or",
            Instr::I64Xor => "i64.xor",
            Instr::I64Shl => "i64.shl",
            Instr::I64ShrU => "i64.shr_u",
            Instr::I64Rotl => "i64.rotl",
            Instr::I64Rotr => "i64.rotr",
            Instr::I64Clz => "i64.clz",
            Instr::I64Ctz => "i64.ctz",
            Instr::I64Popcnt => "i64.popcnt",
            Instr::I64Eqz => "i64.eqz",
            Instr::I64Eq => "i64.eq",
            Instr::I64Ne => "i64.ne",
            Instr::I64LtU => "i64.lt_u",
            Instr::I64LeU => "i64.le_u",
            Instr::I64GtU => "i64.gt_u",
            Instr::I64GeU => "i64.ge_u",
            Instr::I64ExtendI32U => "i64.extend_i32_u",
            Instr::I64Extend8S => "i64.extend8_s",
            Instr::I64Extend16S => "i64.extend16_s",
            Instr::I64Extend32S => "i64.extend32_s",
            Instr::I64DivS => "i64.div_s",
            Instr::I64RemS => "i64.rem_s",
            Instr::I64ShrS => "i64.shr_s",
            Instr::I64LtS => "i64.lt_s",
            Instr::I64LeS => "i64.le_s",
            Instr::I64GtS => "i64.gt_s",
            Instr::I64GeS => "i64.ge_s",
            Instr::I32And => "i32.and",
            Instr::I32WrapI64 => "i32.wrap_i64",
            Instr::I32Add => "i32.add",
            Instr::I32Shl => "i32.shl",
            Instr::I32GeU => "i32.ge_u",
            Instr::I64x2Splat => "i64x2.splat",
            Instr::V128Load(_) => "v128.load",
            Instr::I8x16Swizzle => "i8x16.swizzle",
            Instr::I64x2ExtractLane(_) => "i64x2.extract_lane",
        }
    }
}

/// The small functions WebAssembly lacks an instruction for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Helper {
    Bsr,
    Ms1b,
    Bswap,
    Pext,
    Pdep,
}
