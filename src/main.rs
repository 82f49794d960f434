fn main() {
    slider_lab::start();
}
