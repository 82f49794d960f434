//! Animations as GIF files, with the `gif` crate. The CLI calls [`Animation`] natively; the page
//! reaches it through its pictures module (`crates/pictures-module`), fetched only when a reader
//! asks for a picture, which it feeds the frames the browser rasterised from the core's SVG.
//!
//! The pictures are flat colours with anti-aliased edges, so each frame gets its own palette of
//! its most common colours (all of them when there are at most 256), and every other colour
//! takes the nearest one: the flat areas stay exact, without a quantiser's dithering.

use std::collections::HashMap;

use gif::{Encoder, Frame, Repeat};

/// The largest picture a GIF is made of, in pixels a side (a whole trace at 2x is far smaller).
pub const MAX_SIDE: u32 = 8192;
/// The most frames one GIF takes.
pub const MAX_FRAMES: usize = 2000;

/// A GIF being written, one frame at a time.
pub struct Animation {
    width: u16,
    height: u16,
    frames: usize,
    encoder: Encoder<Vec<u8>>,
}

impl Animation {
    /// A looping animation of `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> Result<Animation, String> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(format!("a GIF of {width}x{height} pixels is out of range (1 to {MAX_SIDE} a side)"));
        }
        let (width, height) = (width as u16, height as u16);
        let mut encoder = Encoder::new(Vec::new(), width, height, &[]).map_err(|e| e.to_string())?;
        encoder.set_repeat(Repeat::Infinite).map_err(|e| e.to_string())?;
        Ok(Animation { width, height, frames: 0, encoder })
    }

    /// Adds a frame of RGBA pixels (rows top first), shown for `delay` hundredths of a second.
    pub fn add_frame(&mut self, rgba: &[u8], delay: u16) -> Result<(), String> {
        let expected = self.width as usize * self.height as usize * 4;
        if rgba.len() != expected {
            return Err(format!(
                "a frame of {} bytes, not the {expected} of {}x{} RGBA",
                rgba.len(),
                self.width,
                self.height
            ));
        }
        if self.frames == MAX_FRAMES {
            return Err(format!("a GIF takes at most {MAX_FRAMES} frames"));
        }
        let (palette, indices) = index(rgba);
        let frame = Frame {
            width: self.width,
            height: self.height,
            delay,
            palette: Some(palette),
            buffer: indices.into(),
            ..Frame::default()
        };
        self.encoder.write_frame(&frame).map_err(|e| e.to_string())?;
        self.frames += 1;
        Ok(())
    }

    /// Adds a frame of `width` x `height` RGBA pixels, smaller than the animation or as large,
    /// at its top-left corner on white: the steps of a trace are not all the same size.
    pub fn add_frame_at(&mut self, rgba: &[u8], width: u32, height: u32, delay: u16) -> Result<(), String> {
        let (full_width, full_height) = (self.width as usize, self.height as usize);
        let (width, height) = (width as usize, height as usize);
        if width > full_width || height > full_height || rgba.len() != width * height * 4 {
            return Err(format!("a frame of {width}x{height} pixels does not fit {full_width}x{full_height}"));
        }
        if (width, height) == (full_width, full_height) {
            return self.add_frame(rgba, delay);
        }
        let mut padded = vec![255u8; full_width * full_height * 4];
        for (row, pixels) in rgba.chunks_exact(width * 4).enumerate() {
            let start = row * full_width * 4;
            padded[start..start + width * 4].copy_from_slice(pixels);
        }
        self.add_frame(&padded, delay)
    }

    /// The finished file.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        if self.frames == 0 {
            return Err("a GIF needs at least one frame".into());
        }
        self.encoder.into_inner().map_err(|e| e.to_string())
    }
}

fn rgb(pixel: &[u8]) -> u32 {
    (pixel[0] as u32) << 16 | (pixel[1] as u32) << 8 | pixel[2] as u32
}

fn distance(a: u32, b: u32) -> u32 {
    let channel = |shift: u32| ((a >> shift & 0xff) as i32 - (b >> shift & 0xff) as i32).unsigned_abs();
    let (r, g, b) = (channel(16), channel(8), channel(0));
    r * r + g * g + b * b
}

/// The frame's palette (RGB triples) and each pixel's index into it. Alpha is ignored: the
/// pictures are opaque.
fn index(rgba: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut counts: HashMap<u32, u32> = HashMap::new();
    for pixel in rgba.chunks_exact(4) {
        *counts.entry(rgb(pixel)).or_default() += 1;
    }
    let mut colours: Vec<(u32, u32)> = counts.into_iter().collect();
    // Most common first; ties by colour, so the same frame always gives the same file.
    colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    colours.truncate(256);
    let palette: Vec<u32> = colours.iter().map(|&(colour, _)| colour).collect();
    let mut lookup: HashMap<u32, u8> = palette.iter().enumerate().map(|(i, &c)| (c, i as u8)).collect();
    let indices = rgba
        .chunks_exact(4)
        .map(|pixel| {
            let colour = rgb(pixel);
            *lookup.entry(colour).or_insert_with(|| {
                let nearest = palette.iter().enumerate().min_by_key(|&(_, &p)| distance(p, colour));
                nearest.map(|(i, _)| i as u8).unwrap_or(0)
            })
        })
        .collect();
    let flat = palette.iter().flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8]).collect();
    (flat, indices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
        (0..width * height).flat_map(|_| [colour[0], colour[1], colour[2], 255]).collect()
    }

    #[test]
    fn frames_decode_back_with_their_delays_and_colours() {
        let mut animation = Animation::new(4, 3).unwrap();
        animation.add_frame(&solid(4, 3, [255, 0, 0]), 12).unwrap();
        animation.add_frame(&solid(4, 3, [0, 0, 255]), 300).unwrap();
        let file = animation.finish().unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(file.as_slice()).unwrap();
        let first = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((first.delay, &first.buffer[..4]), (12, &[255, 0, 0, 255][..]));
        let second = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((second.delay, &second.buffer[..4]), (300, &[0, 0, 255, 255][..]));
        assert!(decoder.read_next_frame().unwrap().is_none());
    }

    #[test]
    fn more_than_256_colours_fall_to_the_nearest_common_one() {
        // 300 distinct colours, each once, plus a dominant one.
        let mut pixels = Vec::new();
        for i in 0..300u32 {
            pixels.extend([i as u8, (i >> 8) as u8, 7, 255]);
        }
        pixels.extend(solid(1, 100, [200, 200, 200]));
        let (palette, indices) = index(&pixels);
        assert_eq!(palette.len(), 256 * 3);
        assert_eq!(&palette[..3], &[200, 200, 200], "the most common colour first");
        assert_eq!(indices.len(), 400);
    }

    #[test]
    fn bad_sizes_are_refused_with_a_reason() {
        assert!(Animation::new(0, 5).is_err());
        assert!(Animation::new(MAX_SIDE + 1, 5).is_err());
        let mut animation = Animation::new(2, 2).unwrap();
        assert!(animation.add_frame(&[0; 3], 1).unwrap_err().contains("not the 16"));
        assert!(Animation::new(2, 2).unwrap().finish().is_err(), "no frames");
    }
}
