use sliders::formula::{examples::EXAMPLES, Checker, Formula};
use sliders::{Bitboard, Slider, Square};

#[test]
fn smoke() {
    for example in &EXAMPLES {
        let formula = Formula::parse(example.text).unwrap_or_else(|e| panic!("{}: {}", example.id, e.describe(example.text)));
        let outcome = Checker::new(&formula, example.target).run();
        println!("{}: {:?}", example.id, outcome);
        let trace = formula.trace(Slider::Rook, Square::D4.bit(), Bitboard(0x0008_0000_0022_0800)).unwrap();
        for (i, step) in trace.steps.iter().enumerate() {
            println!("  {} [{}:{}] {:?} {}", i, step.line, step.column, step.op, step.label);
            println!("     {}", sliders::narration::narrate(&trace, i));
        }
    }
    println!("{}", Formula::parse(EXAMPLES[2].text).unwrap().program());
}
