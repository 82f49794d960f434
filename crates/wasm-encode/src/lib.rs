//! A formula's WebAssembly as bytes. `sliders_formula::wasm` chooses the instructions (and
//! prints them for the page); this crate writes them with `wasm-encoder`, so that no byte of
//! the module is written by hand. The page validates the bytes before it instantiates them.

use sliders_formula::wasm::{Instr, Module, ValType};
use wasm_encoder::{
    BlockType, CodeSection, ConstExpr, DataSection, ExportKind, ExportSection, Function, FunctionSection, Instruction,
    MemArg, MemorySection, MemoryType, TypeSection,
};

/// The module's bytes: one memory of one page (the mask tables and the reader's, the byte swap's pattern), exported as `memory`, and
/// the functions, with their exports.
pub fn encode(module: &Module) -> Vec<u8> {
    let mut types = TypeSection::new();
    let mut functions = FunctionSection::new();
    let mut exports = ExportSection::new();
    let mut code = CodeSection::new();
    for (index, function) in module.functions.iter().enumerate() {
        let index = index as u32;
        types.ty().function(function.params.iter().map(|(_, t)| val_type(*t)), [val_type(function.result)]);
        functions.function(index);
        if let Some(name) = function.export {
            exports.export(name, ExportKind::Func, index);
        }
        let mut body = Function::new_with_locals_types(function.locals.iter().map(|(_, t)| val_type(*t)));
        for (instr, _) in &function.code {
            body.instruction(&instruction(*instr));
        }
        body.instruction(&Instruction::End);
        code.function(&body);
    }
    let mut memories = MemorySection::new();
    // Every table inside, the workload's place past them.
    let minimum = u64::from(module.workload.div_ceil(65536).max(1));
    memories.memory(MemoryType { minimum, maximum: None, memory64: false, shared: false, page_size_log2: None });
    exports.export("memory", ExportKind::Memory, 0);
    let mut data = DataSection::new();
    for (offset, _, words) in &module.tables {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        data.active(0, &ConstExpr::i32_const(*offset as i32), bytes);
    }
    if let Some(offset) = module.bytes_reversed {
        data.active(0, &ConstExpr::i32_const(offset as i32), sliders_formula::wasm::BYTES_REVERSED.0);
    }
    let mut bytes = wasm_encoder::Module::new();
    bytes.section(&types).section(&functions).section(&memories).section(&exports).section(&code);
    if !module.tables.is_empty() || module.bytes_reversed.is_some() {
        bytes.section(&data);
    }
    bytes.finish()
}

fn val_type(ty: ValType) -> wasm_encoder::ValType {
    match ty {
        ValType::I32 => wasm_encoder::ValType::I32,
        ValType::I64 => wasm_encoder::ValType::I64,
    }
}

fn memory(offset: u32, align: u32) -> MemArg {
    MemArg { offset: offset as u64, align, memory_index: 0 }
}

fn instruction(instr: Instr) -> Instruction<'static> {
    match instr {
        Instr::I32Const(v) => Instruction::I32Const(v),
        Instr::I64Const(v) => Instruction::I64Const(v),
        Instr::LocalGet(i) => Instruction::LocalGet(i),
        Instr::LocalSet(i) => Instruction::LocalSet(i),
        Instr::LocalTee(i) => Instruction::LocalTee(i),
        Instr::Call(f) => Instruction::Call(f),
        Instr::Drop => Instruction::Drop,
        Instr::Select => Instruction::Select,
        Instr::IfI64 => Instruction::If(BlockType::Result(wasm_encoder::ValType::I64)),
        Instr::If => Instruction::If(BlockType::Empty),
        Instr::Else => Instruction::Else,
        Instr::Block => Instruction::Block(BlockType::Empty),
        Instr::Loop => Instruction::Loop(BlockType::Empty),
        Instr::Br(d) => Instruction::Br(d),
        Instr::BrIf(d) => Instruction::BrIf(d),
        Instr::End => Instruction::End,
        Instr::Unreachable => Instruction::Unreachable,
        Instr::I64Load(offset) => Instruction::I64Load(memory(offset, 3)),
        Instr::I32Load8U(offset) => Instruction::I32Load8U(memory(offset, 0)),
        Instr::I64Add => Instruction::I64Add,
        Instr::I64Sub => Instruction::I64Sub,
        Instr::I64Mul => Instruction::I64Mul,
        Instr::I64DivU => Instruction::I64DivU,
        Instr::I64RemU => Instruction::I64RemU,
        Instr::I64And => Instruction::I64And,
        Instr::I64Or => Instruction::I64Or,
        Instr::I64Xor => Instruction::I64Xor,
        Instr::I64Shl => Instruction::I64Shl,
        Instr::I64ShrU => Instruction::I64ShrU,
        Instr::I64Rotl => Instruction::I64Rotl,
        Instr::I64Rotr => Instruction::I64Rotr,
        Instr::I64Clz => Instruction::I64Clz,
        Instr::I64Ctz => Instruction::I64Ctz,
        Instr::I64Popcnt => Instruction::I64Popcnt,
        Instr::I64Eqz => Instruction::I64Eqz,
        Instr::I64Eq => Instruction::I64Eq,
        Instr::I64Ne => Instruction::I64Ne,
        Instr::I64LtU => Instruction::I64LtU,
        Instr::I64LeU => Instruction::I64LeU,
        Instr::I64GtU => Instruction::I64GtU,
        Instr::I64GeU => Instruction::I64GeU,
        Instr::I64ExtendI32U => Instruction::I64ExtendI32U,
        Instr::I64Extend8S => Instruction::I64Extend8S,
        Instr::I64Extend16S => Instruction::I64Extend16S,
        Instr::I64Extend32S => Instruction::I64Extend32S,
        Instr::I64DivS => Instruction::I64DivS,
        Instr::I64RemS => Instruction::I64RemS,
        Instr::I64ShrS => Instruction::I64ShrS,
        Instr::I64LtS => Instruction::I64LtS,
        Instr::I64LeS => Instruction::I64LeS,
        Instr::I64GtS => Instruction::I64GtS,
        Instr::I64GeS => Instruction::I64GeS,
        Instr::I32And => Instruction::I32And,
        Instr::I32WrapI64 => Instruction::I32WrapI64,
        Instr::I32Add => Instruction::I32Add,
        Instr::I32Shl => Instruction::I32Shl,
        Instr::I32GeU => Instruction::I32GeU,
        Instr::I64x2Splat => Instruction::I64x2Splat,
        Instr::V128Load(offset) => Instruction::V128Load(memory(offset, 4)),
        Instr::I8x16Swizzle => Instruction::I8x16Swizzle,
        Instr::I64x2ExtractLane(lane) => Instruction::I64x2ExtractLane(lane),
    }
}
