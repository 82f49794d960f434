//! Animations as GIF files, with the `gif` crate. The CLI calls [`Animation`] natively; the page
//! reaches it through its pictures module (`crates/pictures-module`), fetched only when a reader
//! asks for a picture, which it feeds the frames the browser rasterised from the core's SVG.
//!
//! The pictures are flat colours with anti-aliased edges, so each frame gets its own palette of
//! its most common colours (all of them when there are at most 256), and every other colour
//! takes the nearest one: the flat areas stay exact, without a quantiser's dithering.
//!
//! A step's animation changes a few squares a frame, so a frame after the first holds only the
//! rectangle that changed, drawn over the last (disposal "keep"), with the pixels in it that did
//! not change left transparent; a frame that changes nothing adds its time to the one before.

use std::collections::HashMap;

use gif::{DisposalMethod, Encoder, Frame, Repeat};

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
    /// Each pixel's colour as a viewer shows it after the frames written so far (and `waiting`).
    shown: Vec<u32>,
    /// The last frame, written once the next one shows whether it changes anything.
    waiting: Option<Frame<'static>>,
}

/// A rectangle of the picture, in pixels.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Rectangle {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
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
        Ok(Animation { width, height, frames: 0, encoder, shown: Vec::new(), waiting: None })
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
        self.frames += 1;
        let next: Vec<u32> = rgba.chunks_exact(4).map(rgb).collect();
        let first = self.waiting.is_none();
        let changed = match first {
            true => Some(Rectangle { left: 0, top: 0, width: self.width as usize, height: self.height as usize }),
            false => changed_rectangle(&self.shown, &next, self.width as usize),
        };
        let Some(rectangle) = changed else {
            // Nothing new to draw: the frame before shows for longer.
            if let Some(waiting) = &mut self.waiting {
                waiting.delay = waiting.delay.saturating_add(delay);
            }
            return Ok(());
        };
        let frame = self.frame_of(&next, rectangle, !first, delay);
        if let Some(waiting) = self.waiting.replace(frame) {
            self.encoder.write_frame(&waiting).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// The frame that draws `rectangle` of `next` over what is shown (its unchanged pixels
    /// transparent, when `over`), and what is shown after it.
    fn frame_of(&mut self, next: &[u32], rectangle: Rectangle, over: bool, delay: u16) -> Frame<'static> {
        let full_width = self.width as usize;
        let pixel_at = |row: usize, column: usize| (rectangle.top + row) * full_width + rectangle.left + column;
        let pixels: Vec<Option<u32>> = (0..rectangle.height)
            .flat_map(|row| (0..rectangle.width).map(move |column| (row, column)))
            .map(|(row, column)| {
                let at = pixel_at(row, column);
                (!over || self.shown[at] != next[at]).then_some(next[at])
            })
            .collect();
        let transparent = pixels.iter().any(Option::is_none);
        let (palette, indices) = index(&pixels, transparent);
        if self.shown.is_empty() {
            self.shown = vec![0; next.len()];
        }
        for (position, &index) in indices.iter().enumerate() {
            let at = pixel_at(position / rectangle.width, position % rectangle.width);
            if pixels[position].is_some() {
                self.shown[at] = palette[index as usize];
            }
        }
        let flat = palette.iter().flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8]).collect();
        Frame {
            left: rectangle.left as u16,
            top: rectangle.top as u16,
            width: rectangle.width as u16,
            height: rectangle.height as u16,
            delay,
            dispose: DisposalMethod::Keep,
            transparent: transparent.then_some(TRANSPARENT),
            palette: Some(flat),
            buffer: indices.into(),
            ..Frame::default()
        }
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
    pub fn finish(mut self) -> Result<Vec<u8>, String> {
        let Some(waiting) = self.waiting.take() else { return Err("a GIF needs at least one frame".into()) };
        self.encoder.write_frame(&waiting).map_err(|e| e.to_string())?;
        self.encoder.into_inner().map_err(|e| e.to_string())
    }
}

/// The palette index of a transparent pixel: the first, so the colours follow it.
const TRANSPARENT: u8 = 0;

/// The smallest rectangle that holds every pixel where `before` and `after` differ, if any.
fn changed_rectangle(before: &[u32], after: &[u32], width: usize) -> Option<Rectangle> {
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (at, _) in before.iter().zip(after).enumerate().filter(|(_, (a, b))| a != b) {
        let (row, column) = (at / width, at % width);
        (left, top) = (left.min(column), top.min(row));
        (right, bottom) = (right.max(column), bottom.max(row));
    }
    (top != usize::MAX).then(|| Rectangle { left, top, width: right - left + 1, height: bottom - top + 1 })
}

fn rgb(pixel: &[u8]) -> u32 {
    (pixel[0] as u32) << 16 | (pixel[1] as u32) << 8 | pixel[2] as u32
}

fn distance(a: u32, b: u32) -> u32 {
    let channel = |shift: u32| ((a >> shift & 0xff) as i32 - (b >> shift & 0xff) as i32).unsigned_abs();
    let (r, g, b) = (channel(16), channel(8), channel(0));
    r * r + g * g + b * b
}

/// The frame's palette (colours, after the transparent entry when `transparent`) and each
/// pixel's index into it; a `None` pixel is transparent.
fn index(pixels: &[Option<u32>], transparent: bool) -> (Vec<u32>, Vec<u8>) {
    let mut counts: HashMap<u32, u32> = HashMap::new();
    for &colour in pixels.iter().flatten() {
        *counts.entry(colour).or_default() += 1;
    }
    let mut colours: Vec<(u32, u32)> = counts.into_iter().collect();
    // Most common first; ties by colour, so the same frame always gives the same file.
    colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let reserved = usize::from(transparent);
    colours.truncate(256 - reserved);
    // The transparent entry's colour is never shown.
    let palette: Vec<u32> = (0..reserved).map(|_| 0).chain(colours.iter().map(|&(colour, _)| colour)).collect();
    let mut lookup: HashMap<u32, u8> = palette.iter().enumerate().skip(reserved).map(|(i, &c)| (c, i as u8)).collect();
    let indices = pixels
        .iter()
        .map(|pixel| match *pixel {
            None => TRANSPARENT,
            Some(colour) => *lookup.entry(colour).or_insert_with(|| {
                let nearest = palette.iter().enumerate().skip(reserved).min_by_key(|&(_, &p)| distance(p, colour));
                nearest.map(|(i, _)| i as u8).unwrap_or(0)
            }),
        })
        .collect();
    (palette, indices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
        (0..width * height).flat_map(|_| [colour[0], colour[1], colour[2], 255]).collect()
    }

    /// The pictures a viewer shows, one for each frame of `file`, with their delays.
    fn played(file: &[u8]) -> Vec<(Vec<u8>, u16)> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(file).unwrap();
        let width = decoder.width() as usize;
        let mut canvas = vec![0u8; width * decoder.height() as usize * 4];
        let mut shown = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            assert_eq!(frame.dispose, DisposalMethod::Keep);
            for (at, pixel) in frame.buffer.chunks_exact(4).enumerate() {
                let (row, column) =
                    (frame.top as usize + at / frame.width as usize, frame.left as usize + at % frame.width as usize);
                if pixel[3] != 0 {
                    canvas[(row * width + column) * 4..][..4].copy_from_slice(pixel);
                }
            }
            shown.push((canvas.clone(), frame.delay));
        }
        shown
    }

    #[test]
    fn frames_play_back_as_given_each_holding_what_changed_and_no_more() {
        let red = solid(6, 5, [255, 0, 0]);
        let mut spot = red.clone();
        for at in [8, 9, 14, 15] {
            spot[at * 4..at * 4 + 4].copy_from_slice(&[0, 0, 255, 255]);
        }
        let mut animation = Animation::new(6, 5).unwrap();
        animation.add_frame(&red, 12).unwrap();
        animation.add_frame(&spot, 12).unwrap();
        // Unchanged: it lengthens the frame before.
        animation.add_frame(&spot, 300).unwrap();
        animation.add_frame(&red, 50).unwrap();
        let file = animation.finish().unwrap();
        let shown = played(&file);
        assert_eq!(shown, vec![(red.clone(), 12), (spot, 312), (red, 50)]);
        // The second frame is the 2x2 square that changed, at its place.
        let mut decoder = gif::DecodeOptions::new().read_info(file.as_slice()).unwrap();
        decoder.read_next_frame().unwrap();
        let second = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((second.left, second.top, second.width, second.height), (2, 1, 2, 2));
    }

    #[test]
    fn a_pixel_that_keeps_its_colour_inside_the_changed_rectangle_is_left_transparent() {
        let white = solid(3, 1, [255, 255, 255]);
        let mut ends = white.clone();
        ends[..4].copy_from_slice(&[0, 0, 0, 255]);
        ends[8..].copy_from_slice(&[0, 0, 0, 255]);
        let mut animation = Animation::new(3, 1).unwrap();
        animation.add_frame(&white, 10).unwrap();
        animation.add_frame(&ends, 10).unwrap();
        let file = animation.finish().unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(file.as_slice()).unwrap();
        decoder.read_next_frame().unwrap();
        let second = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!(second.width, 3);
        assert_eq!(second.buffer[4 + 3], 0, "the middle pixel did not change: transparent");
        assert_eq!(played(&file)[1].0, ends);
    }

    #[test]
    fn more_than_256_colours_fall_to_the_nearest_common_one() {
        // 300 distinct colours, each once, plus a dominant one.
        let mut pixels = Vec::new();
        for i in 0..300u32 {
            pixels.push(Some(i << 8 | 7));
        }
        pixels.extend((0..100).map(|_| Some(0xc8c8c8)));
        let (palette, indices) = index(&pixels, false);
        assert_eq!(palette.len(), 256);
        assert_eq!(palette[0], 0xc8c8c8, "the most common colour first");
        assert_eq!(indices.len(), 400);
        let (palette, _) = index(&pixels, true);
        assert_eq!((palette.len(), palette[1]), (256, 0xc8c8c8), "after the transparent entry");
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
