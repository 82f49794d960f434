//! Turns the pictures `sliders-pictures` draws (`sliders_pictures::figure`, SVG) into pixels and PNG files with
//! resvg, for the `sliders` command. The page rasterises the same SVG in the browser, through a
//! canvas; nothing here draws a picture of its own.
//!
//! DejaVu Sans Mono (regular and bold, Bitstream Vera licence, fonts/LICENSE) is bundled and is
//! the only font loaded, so a picture renders the same on every machine, installed fonts or not.

use resvg::{tiny_skia, usvg};

/// An image as rows of RGBA bytes, top row first, not premultiplied.
pub struct Rgba {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

const FONTS: [&[u8]; 2] =
    [include_bytes!("../fonts/DejaVuSansMono.ttf"), include_bytes!("../fonts/DejaVuSansMono-Bold.ttf")];

/// The scales a picture may be drawn at: 1x to 4x.
pub const SCALES: std::ops::RangeInclusive<u32> = 1..=4;

fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options { font_family: "DejaVu Sans Mono".into(), ..usvg::Options::default() };
    let fonts = options.fontdb_mut();
    for font in FONTS {
        fonts.load_font_data(font.to_vec());
    }
    fonts.set_monospace_family("DejaVu Sans Mono");
    fonts.set_sans_serif_family("DejaVu Sans Mono");
    options
}

/// `svg` drawn at `scale` (1 to 4) times its size.
pub fn rgba(svg: &str, scale: u32) -> Result<Rgba, String> {
    if !SCALES.contains(&scale) {
        return Err(format!("scale {scale} is out of range: 1 to 4"));
    }
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| format!("the SVG could not be read: {e}"))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width() * scale, size.height() * scale);
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or_else(|| format!("cannot draw a {width}x{height} image"))?;
    let factor = scale as f32;
    resvg::render(&tree, tiny_skia::Transform::from_scale(factor, factor), &mut pixmap.as_mut());
    // The pictures paint a white background first, so every pixel is opaque and premultiplied
    // colour is plain colour; demultiply all the same for any that is not.
    let pixels = pixmap.pixels().iter().flat_map(|p| {
        let c = p.demultiply();
        [c.red(), c.green(), c.blue(), c.alpha()]
    });
    Ok(Rgba { width, height, pixels: pixels.collect() })
}

/// `svg` drawn at `scale` times its size, as a PNG file.
pub fn png(svg: &str, scale: u32) -> Result<Vec<u8>, String> {
    let image = rgba(svg, scale)?;
    let pixmap = tiny_skia::Pixmap::from_vec(
        image.pixels,
        tiny_skia::IntSize::from_wh(image.width, image.height).ok_or("an empty image")?,
    )
    .ok_or("the pixels do not fill the image")?;
    pixmap.encode_png().map_err(|e| format!("PNG encoding failed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scale_of_two_doubles_the_size() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="6"><rect width="10" height="6" fill="#ff0000"/></svg>"##;
        let image = rgba(svg, 2).unwrap();
        assert_eq!((image.width, image.height), (20, 12));
        assert_eq!(&image.pixels[..4], &[255, 0, 0, 255]);
        assert!(rgba(svg, 5).is_err());
        assert!(rgba("<svg", 1).is_err());
    }

    #[test]
    fn the_bundled_font_draws_text() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><rect width="60" height="30" fill="#fff"/><text x="4" y="22" font-size="20" font-family="monospace">Ab</text></svg>"##;
        let image = rgba(svg, 1).unwrap();
        let dark = image.pixels.chunks(4).filter(|p| p[0] < 128).count();
        assert!(dark > 20, "the text left {dark} dark pixels");
    }
}
