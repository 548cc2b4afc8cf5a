//! Text from game files written by other tools: UTF-8, the Windows code page of older ones,
//! or UTF-16.
//!
//! The PGN standard (section 4.1), and PDN after it, writes its text in ISO 8859-1
//! (Latin-1), and Windows tools write Windows-1252 (Latin-1 with printable characters where
//! Latin-1 has control codes); newer tools and online archives write UTF-8. A reader that
//! took only UTF-8 would turn `Müller` in a Latin-1 file into `M\u{fffd}ller` or refuse the
//! game. [`decode`] takes each piece of text (a tag value, a comment) as UTF-8 when it is
//! valid UTF-8, and as Windows-1252 otherwise. Non-ASCII Latin-1 text is almost never valid
//! UTF-8 (a letter such as `ü` alone is a lone continuation byte), so each piece is read in
//! the encoding it was written in, even in a file that joins games from several tools.
//!
//! A whole file can also be UTF-16, which Windows writes where a user asked for "Unicode":
//! Windows PowerShell 5.1's `>` and `Out-File` (`Get-Content *.pgn > all.pgn` joins an
//! archive so), and Notepad's "Unicode" and "Unicode big endian". Such a file starts with its
//! byte-order mark (the bytes `FF FE` or `FE FF`), which no text of the other encodings
//! starts with: in UTF-8 both are invalid, in Windows-1252 they would be `ÿþ` or `þÿ`.
//! `iconv -t UTF-16LE` (or `UTF-16BE`), Python's `utf-16-le` codec and Java's `UTF_16LE`
//! write no mark; such a file is recognised by its first two code units (one, in a shorter
//! file), when they are characters from U+0001 to U+00FF, as every game file's first are
//! (`[`, `%`, `;`, `(`, white space, a letter): each is then a zero byte beside a nonzero
//! one, `[ 00 E 00` or `00 [ 00 E`, and a zero byte is no text's in the other encodings.
//! UTF-16 without a mark that starts with another character is not recognised.
//! [`Utf16AsUtf8`] reads a stream so, for the readers that take one (PGN and PDN), and
//! [`decode_file`] a file in memory, for the parsers that take a `str` (the backgammon
//! match files).
//!
//! The other way, [`excerpt`] is how the games' parse errors quote the text that was wrong:
//! whole when it is short, cut to [`EXCERPT_CHARS`] characters when it is not, so that an
//! error never grows with a hostile input.
//!
//! # Examples
//!
//! ```
//! use boardgame_core::text::decode;
//! assert_eq!(decode(b"M\xfcller"), "Müller"); // Latin-1
//! assert_eq!(decode("Müller".as_bytes()), "Müller"); // UTF-8
//! assert_eq!(decode(b"\x93quoted\x94 \x80 5"), "\u{201c}quoted\u{201d} \u{20ac} 5"); // Windows-1252
//! ```
//!
//! A file as Windows PowerShell's `>` writes it:
//!
//! ```
//! use std::io::Read;
//! use boardgame_core::text::{Utf16AsUtf8, decode_file};
//!
//! let mut file = vec![0xff, 0xfe]; // UTF-16, little-endian
//! file.extend("[White \"Jürg\"]".encode_utf16().flat_map(u16::to_le_bytes));
//! assert_eq!(decode_file(&file), "[White \"Jürg\"]");
//! let mut text = String::new();
//! Utf16AsUtf8::new(&file[..]).read_to_string(&mut text)?;
//! assert_eq!(text, "[White \"Jürg\"]");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

/// Windows-1252's characters for the bytes 0x80 to 0x9F, as the WHATWG Encoding Standard's
/// `windows-1252` index has them (the five bytes the code page leaves undefined, 0x81, 0x8D,
/// 0x8F, 0x90 and 0x9D, stay the Latin-1 control codes of the same value). The bytes 0xA0 to
/// 0xFF are Latin-1's, the code points of the same value.
const C1: [char; 32] = [
    '\u{20ac}', '\u{81}', '\u{201a}', '\u{192}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2c6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8d}', '\u{17d}', '\u{8f}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2dc}', '\u{2122}', '\u{161}', '\u{203a}', '\u{153}', '\u{9d}', '\u{17e}', '\u{178}',
];

/// `bytes` as text: borrowed when they are UTF-8, else read as Windows-1252 (every byte is a
/// character, so nothing is lost or replaced).
#[must_use]
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| windows_1252(b)).collect()),
    }
}

/// A whole file's bytes as text: UTF-16 when they start with its byte-order mark (`FF FE`
/// little-endian, `FE FF` big-endian; the mark itself is dropped) or, without one, with two
/// characters from U+0001 to U+00FF in UTF-16 (see the [module](self) docs), else as
/// [`decode`] takes them (UTF-8 as it is, a UTF-8 byte-order mark included, anything else as
/// Windows-1252).
///
/// In UTF-16, a surrogate without its pair and an odd last byte each become U+FFFD, the
/// replacement character; nothing else is replaced. A byte-order mark inside (files joined
/// byte for byte each bring theirs) becomes U+FEFF, the mark in UTF-8, which the game readers
/// skip; if it is the other byte order's, the text goes on in that order.
///
/// # Examples
///
/// ```
/// use boardgame_core::text::decode_file;
/// assert_eq!(decode_file(b"\xfe\xff\x00W\x00i\x00n\x00s"), "Wins"); // UTF-16, big-endian
/// assert_eq!(decode_file(b"W\x00i\x00n\x00s\x00"), "Wins"); // no mark (iconv -t UTF-16LE)
/// assert_eq!(decode_file(b"Sj\xf6berg"), "Sjöberg"); // Windows-1252
/// ```
#[must_use]
pub fn decode_file(bytes: &[u8]) -> Cow<'_, str> {
    let Some((mut utf16, mark)) = Utf16::at_start(bytes) else {
        return decode(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len() / 2 * 3);
    utf16.feed(&bytes[mark..], &mut out);
    utf16.finish(&mut out);
    // Only whole characters are written, so the lossy branch is never taken.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// `text` as a UTF-16 file, as Windows PowerShell 5.1's `>` (little-endian) or Notepad's
/// "Unicode big endian" writes it: the byte-order mark, then each character's code units.
/// [`decode_file`] and [`Utf16AsUtf8`] read it back as `text` (but for U+FFFE, a
/// noncharacter that no interchanged text holds: its code unit reads as the other byte
/// order's mark); the game crates' tests make their UTF-16 files with it.
///
/// # Examples
///
/// ```
/// use boardgame_core::text::{decode_file, encode_utf16_file};
/// let file = encode_utf16_file("1. e4 ♔", false);
/// assert_eq!(file[..4], [0xff, 0xfe, b'1', 0]);
/// assert_eq!(decode_file(&file), "1. e4 ♔");
/// ```
#[must_use]
pub fn encode_utf16_file(text: &str, big_endian: bool) -> Vec<u8> {
    let mark = if big_endian {
        [0xfe, 0xff]
    } else {
        [0xff, 0xfe]
    };
    let units = text.encode_utf16().flat_map(move |u| {
        if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        }
    });
    mark.into_iter().chain(units).collect()
}

/// A UTF-16 decoding between pieces of its bytes: the byte order, a code unit cut in two and
/// a surrogate waiting for its pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Utf16 {
    big_endian: bool,
    /// The first byte of a code unit that the last piece cut in two.
    odd: Option<u8>,
    /// A leading (high) surrogate waiting for its trailing one.
    high: Option<u16>,
}

/// How many bytes at a source's start [`Utf16::at_start`] looks at: two code units.
const START: usize = 4;

impl Utf16 {
    /// The decoding that the start of a source calls for, if it is UTF-16, and the length of
    /// its byte-order mark (to skip); `bytes` is the source's first [`START`] bytes, or all of
    /// a shorter source.
    ///
    /// A mark, `FF FE` or `FE FF`, names the order. Without one, the first code units (two,
    /// one in a source of two or three bytes) must all be characters from U+0001 to U+00FF in
    /// the same order, so each is a nonzero byte beside a zero byte: `[ 00 E 00`
    /// (little-endian) or `00 [ 00 E` (big-endian). A zero byte is no text's in UTF-8 or
    /// Windows-1252, and two of them in the first four bytes no accident of a text file.
    fn at_start(bytes: &[u8]) -> Option<(Utf16, usize)> {
        let utf16 = |big_endian| Utf16 {
            big_endian,
            odd: None,
            high: None,
        };
        match bytes {
            [0xff, 0xfe, ..] => return Some((utf16(false), 2)),
            [0xfe, 0xff, ..] => return Some((utf16(true), 2)),
            _ => {}
        }
        let units = bytes[..bytes.len().min(START)].chunks_exact(2);
        if units.len() == 0 {
            None
        } else if units.clone().all(|u| u[0] != 0 && u[1] == 0) {
            Some((utf16(false), 0))
        } else if units.clone().all(|u| u[0] == 0 && u[1] != 0) {
            Some((utf16(true), 0))
        } else {
            None
        }
    }

    /// Appends the text of the next piece of bytes to `out`: whole characters only (a cut
    /// code unit or surrogate pair waits for the next piece).
    fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) {
        if let (Some(first), Some(&second)) = (self.odd, bytes.first()) {
            self.odd = None;
            self.unit([first, second], out);
            bytes = &bytes[1..];
        }
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            self.unit([pair[0], pair[1]], out);
        }
        if let Some(&last) = pairs.remainder().first() {
            self.odd = Some(last);
        }
    }

    /// The end of the text: a surrogate without its pair and an odd last byte each give
    /// U+FFFD.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.high.take().is_some() {
            push_char(out, char::REPLACEMENT_CHARACTER);
        }
        if self.odd.take().is_some() {
            push_char(out, char::REPLACEMENT_CHARACTER);
        }
    }

    /// Appends one code unit's character to `out`, pairing surrogates through `high`. A
    /// mark of the other byte order (read as U+FFFE, a noncharacter) switches the order;
    /// either mark is written as U+FEFF.
    fn unit(&mut self, bytes: [u8; 2], out: &mut Vec<u8>) {
        let u = if self.big_endian {
            u16::from_be_bytes(bytes)
        } else {
            u16::from_le_bytes(bytes)
        };
        if let Some(h) = self.high.take() {
            if (0xdc00..0xe000).contains(&u) {
                let c = 0x10000 + ((u32::from(h) - 0xd800) << 10) + (u32::from(u) - 0xdc00);
                push_char(
                    out,
                    char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER),
                );
                return;
            }
            push_char(out, char::REPLACEMENT_CHARACTER);
        }
        match u {
            0xd800..=0xdbff => self.high = Some(u),
            0xfffe => {
                self.big_endian = !self.big_endian;
                push_char(out, '\u{feff}');
            }
            _ => push_char(
                out,
                char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER),
            ),
        }
    }
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut utf8 = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
}

/// A [`BufRead`] adapter that reads a UTF-16 source as UTF-8 and any other byte for byte.
///
/// The source is UTF-16 when its first two bytes are a byte-order mark (`FF FE` for
/// little-endian, `FE FF` for big-endian; the mark itself is dropped) or, without one, when its
/// first two code units are characters from U+0001 to U+00FF (see the [module](self) docs);
/// then what comes out is its text in UTF-8, as [`decode_file`] gives it. Any other source
/// comes out unchanged, so a reader built on this adapter reads UTF-8 and Windows-1252 files
/// exactly as before, and the game readers that take a [`BufRead`] (PGN, PDN) use it on every
/// source. Lines stay where they were, so errors that name a line name the file's own. Memory
/// is one decoded read of the source, at most one and a half times the source's buffer.
///
/// # Examples
///
/// ```
/// use std::io::BufRead;
/// use boardgame_core::text::{Utf16AsUtf8, encode_utf16_file};
///
/// let file = encode_utf16_file("1. e4 e5\r\n", false);
/// let lines: Vec<String> = Utf16AsUtf8::new(&file[..]).lines().collect::<Result<_, _>>()?;
/// assert_eq!(lines, ["1. e4 e5"]);
/// // Anything else passes through.
/// let lines: Vec<String> = Utf16AsUtf8::new(&b"1. e4 e5\n"[..]).lines().collect::<Result<_, _>>()?;
/// assert_eq!(lines, ["1. e4 e5"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Utf16AsUtf8<R> {
    inner: R,
    /// Byte for byte with nothing held: every read is the source's own (`mode` is
    /// [`Mode::Bytes`] and `out` empty). The one test of the readers' byte-at-a-time path.
    pass: bool,
    mode: Mode,
    /// What comes out before anything more is read from `inner`: `out[pos..]`, empty once
    /// all of it is consumed. In UTF-16 mode the decoded text of the last read; in byte mode
    /// the bytes taken from `inner` while the first few were looked at.
    out: Vec<u8>,
    pos: usize,
}

/// What [`Utf16AsUtf8`] found at the start of its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Not looked yet.
    Start,
    /// Not UTF-16: byte for byte.
    Bytes,
    /// UTF-16, and the decoding so far.
    Utf16(Utf16),
}

impl<R: BufRead> Utf16AsUtf8<R> {
    /// An adapter over `inner`; nothing is read until the first read.
    pub fn new(inner: R) -> Utf16AsUtf8<R> {
        Utf16AsUtf8 {
            inner,
            pass: false,
            mode: Mode::Start,
            out: Vec::new(),
            pos: 0,
        }
    }

    /// Whether the source is UTF-16, once the first read has looked (`None` before).
    #[must_use]
    pub fn is_utf16(&self) -> Option<bool> {
        match self.mode {
            Mode::Start => None,
            Mode::Bytes => Some(false),
            Mode::Utf16(_) => Some(true),
        }
    }

    /// The source. In UTF-16 mode, text decoded from it but not yet read is lost, as the
    /// source has given up those bytes; otherwise nothing is (but at most the first four
    /// bytes, when a read looked at them one at a time).
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Looks at the first [`START`] bytes of the source ([`Utf16::at_start`]). A mark is
    /// consumed; when the source's buffer holds fewer bytes, they are taken one at a time
    /// and held in `out`: given out as they are when the source is not UTF-16, decoded into
    /// `out` (but a mark) when it is.
    fn detect(&mut self) -> io::Result<()> {
        while self.out.len() < START {
            let buf = self.inner.fill_buf()?;
            if self.out.is_empty() && buf.len() >= START {
                self.mode = match Utf16::at_start(buf) {
                    Some((utf16, mark)) => {
                        self.inner.consume(mark);
                        Mode::Utf16(utf16)
                    }
                    None => Mode::Bytes,
                };
                return Ok(());
            }
            let Some(&b) = buf.first() else {
                // The source ended within its first bytes.
                break;
            };
            self.out.push(b);
            self.inner.consume(1);
        }
        self.mode = match Utf16::at_start(&self.out) {
            Some((mut utf16, mark)) => {
                let held = std::mem::take(&mut self.out);
                utf16.feed(&held[mark..], &mut self.out);
                Mode::Utf16(utf16)
            }
            None => Mode::Bytes,
        };
        Ok(())
    }

    /// UTF-16 mode: decodes the source's next reads into `out` until it holds a character
    /// (empty at the source's end).
    fn decode_next(&mut self) -> io::Result<()> {
        let Mode::Utf16(utf16) = &mut self.mode else {
            return Ok(());
        };
        self.out.clear();
        self.pos = 0;
        while self.out.is_empty() {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                utf16.finish(&mut self.out);
                break;
            }
            let n = buf.len();
            utf16.feed(buf, &mut self.out);
            self.inner.consume(n);
        }
        Ok(())
    }

    /// [`BufRead::fill_buf`] at the start, over the bytes held after it, and in UTF-16.
    #[inline(never)]
    fn fill_buf_slow(&mut self) -> io::Result<&[u8]> {
        if self.mode == Mode::Start {
            self.detect()?;
        }
        if self.out.is_empty() {
            if let Mode::Utf16(_) = self.mode {
                self.decode_next()?;
            } else {
                self.pass = true;
                return self.inner.fill_buf();
            }
        }
        Ok(&self.out[self.pos..])
    }

    /// [`BufRead::consume`] of what `out` holds (nothing was given out while it is empty).
    #[inline(never)]
    fn consume_slow(&mut self, amount: usize) {
        if self.out.is_empty() {
            return;
        }
        self.pos = (self.pos + amount).min(self.out.len());
        if self.pos == self.out.len() {
            self.out.clear();
            self.pos = 0;
            self.pass = self.mode == Mode::Bytes;
        }
    }
}

impl<R: BufRead> BufRead for Utf16AsUtf8<R> {
    /// Byte for byte, the source's own `fill_buf`, inlined with it: the game readers ask
    /// for a byte at a time. The first call and every UTF-16 read go out of line.
    #[inline(always)]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pass {
            return self.inner.fill_buf();
        }
        self.fill_buf_slow()
    }

    #[inline(always)]
    fn consume(&mut self, amount: usize) {
        if self.pass {
            self.inner.consume(amount);
        } else {
            self.consume_slow(amount);
        }
    }
}

impl<R: BufRead> Read for Utf16AsUtf8<R> {
    fn read(&mut self, dst: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, dst)
    }
}

/// `Read::read` through a reader's own buffer.
fn read_buffered(r: &mut impl BufRead, dst: &mut [u8]) -> io::Result<usize> {
    let src = r.fill_buf()?;
    let n = src.len().min(dst.len());
    dst[..n].copy_from_slice(&src[..n]);
    r.consume(n);
    Ok(n)
}

/// A whole number written as `Display` writes one: ASCII digits, no sign, no leading zero
/// (`0` alone is zero), in range for `T`; `None` for any other text. The readers that must
/// take back exactly what they wrote use it ([`Seat`](crate::Seat)'s and
/// [`Shape`](crate::Shape)'s, backgammon's position diagram, Novuss's `DiscId`), where
/// Rust's own integer parser would also take `+7` and `007`.
///
/// # Examples
///
/// ```
/// use boardgame_core::text::decimal;
/// assert_eq!(decimal::<u8>("0"), Some(0));
/// assert_eq!(decimal::<u8>("255"), Some(255));
/// for text in ["", "256", "+7", "07", "-1", " 7", "7 ", "٧"] {
///     assert_eq!(decimal::<u8>(text), None, "{text:?}");
/// }
/// ```
#[must_use]
pub fn decimal<T: core::str::FromStr>(s: &str) -> Option<T> {
    let canonical = match s.as_bytes() {
        [] => false,
        [b'0', _, ..] => false,
        b => b.iter().all(u8::is_ascii_digit),
    };
    if canonical { s.parse().ok() } else { None }
}

/// The most characters of input text an error message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 64;

/// `text` as an error quotes it: whole when it has at most [`EXCERPT_CHARS`] characters,
/// else its first `EXCERPT_CHARS - 1` characters and `…`.
///
/// The games' parse errors name the text that was wrong, and an input can be of any size: a
/// reader that copied it whole made an error as large as a hostile input (an audit found 24
/// parsers that did). Every error that quotes its input quotes it through here.
///
/// # Examples
///
/// ```
/// use boardgame_core::text::{EXCERPT_CHARS, excerpt};
/// assert_eq!(excerpt("e9"), "e9");
/// let long = "z".repeat(1 << 20);
/// assert_eq!(excerpt(&long).chars().count(), EXCERPT_CHARS);
/// assert!(excerpt(&long).ends_with('…'));
/// ```
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_owned(),
        Some(_) => {
            let cut = text
                .char_indices()
                .nth(EXCERPT_CHARS - 1)
                .map_or(text.len(), |(i, _)| i);
            let mut out = String::with_capacity(cut + '…'.len_utf8());
            out.push_str(&text[..cut]);
            out.push('…');
            out
        }
    }
}

/// The first words of `text` (split on whitespace, as [`str::split_whitespace`] splits) in a
/// fixed array, and how many of it are filled (at most `N`), without allocating.
///
/// The games' action readers take a few words each. A reader whose longest form has `N - 1`
/// words asks for `N` and refuses a text that fills them all, so that a hostile text of
/// millions of words is never split past the `N`th.
///
/// # Examples
///
/// ```
/// use boardgame_core::text::words;
/// let (w, n) = words::<4>("  claim\tdraw  with e7e8q ");
/// assert_eq!(&w[..n], ["claim", "draw", "with", "e7e8q"]);
/// let (w, n) = words::<3>("resign");
/// assert_eq!(&w[..n], ["resign"]);
/// let (_, n) = words::<3>(&"x ".repeat(1 << 20));
/// assert_eq!(n, 3);
/// ```
#[must_use]
pub fn words<const N: usize>(text: &str) -> ([&str; N], usize) {
    let mut out = [""; N];
    let mut n = 0;
    for (slot, w) in out.iter_mut().zip(text.split_whitespace()) {
        *slot = w;
        n += 1;
    }
    (out, n)
}

/// One Windows-1252 byte's character.
fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9f => C1[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A source that gives at most `step` bytes a read (cycling through `steps`), as a pipe
    /// or a small buffer may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        steps: Vec<usize>,
        turn: usize,
    }

    impl BufRead for Trickle<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            let step = self.steps[self.turn % self.steps.len()].max(1);
            Ok(&self.bytes[..step.min(self.bytes.len())])
        }
        fn consume(&mut self, amount: usize) {
            self.bytes = &self.bytes[amount..];
            self.turn += 1;
        }
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, dst: &mut [u8]) -> io::Result<usize> {
            read_buffered(self, dst)
        }
    }

    /// Everything the adapter gives for `bytes` read `steps` at a time, taken by `fill_buf`
    /// and consumed in pieces of `take` bytes.
    fn through(bytes: &[u8], steps: &[usize], take: usize) -> Vec<u8> {
        let mut r = Utf16AsUtf8::new(Trickle {
            bytes,
            steps: steps.to_vec(),
            turn: 0,
        });
        let mut out = Vec::new();
        loop {
            let buf = r.fill_buf().expect("no I/O error");
            if buf.is_empty() {
                return out;
            }
            let n = take.clamp(1, buf.len());
            out.extend_from_slice(&buf[..n]);
            r.consume(n);
        }
    }

    /// UTF-16 written here by hand, not by [`encode_utf16_file`], so that the tests do not
    /// take the encoder's word for it.
    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut bytes = if big_endian {
            vec![0xfe, 0xff]
        } else {
            vec![0xff, 0xfe]
        };
        for u in text.encode_utf16() {
            if big_endian {
                bytes.extend(u.to_be_bytes());
            } else {
                bytes.extend(u.to_le_bytes());
            }
        }
        bytes
    }

    #[test]
    fn utf16_files_read_as_their_text_in_utf8() {
        let text = "[White \"Mittelsträß, Jürg\"]\r\n[Black \"王, 玥\"]\n1. e4 {♔ 𝄞} *\n";
        for big_endian in [false, true] {
            let file = utf16(text, big_endian);
            assert_eq!(decode_file(&file), text);
            for step in [1, 2, 3, 4, 7, 4096] {
                assert_eq!(
                    through(&file, &[step], usize::MAX),
                    text.as_bytes(),
                    "{step}"
                );
            }
            let mut r = Utf16AsUtf8::new(&file[..]);
            assert_eq!(r.is_utf16(), None);
            let mut got = String::new();
            r.read_to_string(&mut got).expect("UTF-8 out");
            assert_eq!((got.as_str(), r.is_utf16()), (text, Some(true)));
        }
    }

    #[test]
    fn broken_utf16_gives_replacement_characters_and_nothing_else_changes() {
        // A trailing surrogate alone, a leading one followed by a letter, a leading one at the
        // end, and an odd last byte.
        let cases: [(&[u8], &str); 5] = [
            (b"\xff\xfe\x00\xdcA\x00", "\u{fffd}A"),
            (b"\xff\xfe\x00\xd8A\x00", "\u{fffd}A"),
            (b"\xff\xfeA\x00\x00\xd8", "A\u{fffd}"),
            (b"\xff\xfeA\x00B", "A\u{fffd}"),
            (b"\xff\xfe", ""),
        ];
        for (file, text) in cases {
            assert_eq!(decode_file(file), text, "{file:?}");
            for step in [1, 2, 3, 64] {
                assert_eq!(
                    through(file, &[step], 1),
                    text.as_bytes(),
                    "{file:?} {step}"
                );
            }
        }
    }

    /// Files joined byte for byte each bring their mark: inside, it is U+FEFF (the UTF-8
    /// mark, which the game readers skip), and a mark of the other byte order switches it.
    #[test]
    fn a_mark_inside_gives_u_feff_and_the_order_it_names() {
        for (first, second) in [(false, false), (false, true), (true, false), (true, true)] {
            let file = [utf16("[Event \"a\"]", first), utf16("ü𝄞", second)].concat();
            let text = "[Event \"a\"]\u{feff}ü𝄞";
            assert_eq!(decode_file(&file), text);
            for step in [1, 3, 4096] {
                assert_eq!(through(&file, &[step], 2), text.as_bytes(), "{step}");
            }
        }
    }

    #[test]
    fn other_sources_pass_byte_for_byte_even_one_byte_at_a_time() {
        for file in [
            &b""[..],
            b"\xff",
            b"\xfe",
            b"\xffA",
            b"\xfe\xfe\xff",
            b"\xef\xbb\xbf[Event \"a\"]",
            b"Sj\xf6berg",
            // No mark, and not two characters from U+0001 to U+00FF in one byte order.
            b"A",
            b"\x00\x00\x00\x00",
            b"\x00\x00[E",
            b"[\x00\x00E",
            b"\x00[E\x00",
            b"[E\x00v",
        ] {
            for step in [1, 2, 5] {
                assert_eq!(through(file, &[step], 1), file, "{file:?} {step}");
            }
            assert_eq!(decode_file(file), decode(file));
        }
        let mut r = Utf16AsUtf8::new(&b"1. e4"[..]);
        assert_eq!(r.fill_buf().expect("read"), b"1. e4");
        assert_eq!(r.is_utf16(), Some(false));
    }

    /// `iconv -t UTF-16LE` and `-t UTF-16BE` write no mark: a file that starts with two
    /// characters from U+0001 to U+00FF (one, if it holds only one) is still read as UTF-16.
    #[test]
    fn utf16_without_a_mark_reads_when_it_starts_with_latin_1() {
        for text in [
            "[Event \"Jürg\"]\r\n1. e4 ♔",
            "% a comment\n",
            "\r\n[",
            "ÿþ and more",
            "\u{1}",
            "A",
            "üé𝄞",
        ] {
            for big_endian in [false, true] {
                let file = utf16(text, big_endian)[2..].to_vec();
                assert_eq!(decode_file(&file), text, "{text:?} {big_endian}");
                for step in [1, 2, 3, 5, 4096] {
                    let out = through(&file, &[step], 2);
                    assert_eq!(out, text.as_bytes(), "{text:?} {big_endian} {step}");
                }
            }
        }
        // Recognised, the reader says so; a first character beyond U+00FF is not.
        let mut r = Utf16AsUtf8::new(&b"1\x00.\x00"[..]);
        assert_eq!(r.fill_buf().expect("read"), b"1.");
        assert_eq!(r.is_utf16(), Some(true));
        for text in ["王 [Event", "\u{0}[Event", "[王", "ü𝄞"] {
            let file = utf16(text, false)[2..].to_vec();
            assert_eq!(through(&file, &[1], 1), file, "{text:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Without its mark, a text whose first two characters (or only one) are from
        /// U+0001 to U+00FF reads back as itself too.
        #[test]
        fn utf16_without_a_mark_round_trips_when_it_starts_with_latin_1(
            head in proptest::collection::vec(1u32..=0xff, 1..3),
            tail in any::<String>().prop_map(|s| s.replace('\u{fffe}', "")),
            big_endian: bool,
            steps in proptest::collection::vec(1usize..9, 1..5),
            take in 1usize..7,
        ) {
            let head: String = head.into_iter().filter_map(char::from_u32).collect();
            let text = if head.chars().count() == 1 { head } else { head + &tail };
            let file = utf16(&text, big_endian)[2..].to_vec();
            prop_assert_eq!(through(&file, &steps, take), text.as_bytes());
            prop_assert_eq!(decode_file(&file), text);
        }

        /// Any text written as UTF-16 with its mark reads back as itself, however the
        /// source cuts its reads and the reader its consumes. (But U+FFFE, a noncharacter
        /// that no interchanged text holds: its code unit is the other byte order's mark.)
        #[test]
        fn utf16_round_trips_through_any_reads(
            text in any::<String>().prop_map(|s| s.replace('\u{fffe}', "")),
            big_endian: bool,
            steps in proptest::collection::vec(1usize..9, 1..5),
            take in 1usize..7,
        ) {
            let file = utf16(&text, big_endian);
            prop_assert_eq!(&encode_utf16_file(&text, big_endian), &file);
            prop_assert_eq!(through(&file, &steps, take), text.as_bytes());
            prop_assert_eq!(decode_file(&file), text);
        }

        /// The adapter and `decode_file` agree on every input: UTF-16 decoded alike, any other
        /// bytes passed through unchanged.
        #[test]
        fn the_adapter_and_decode_file_agree_on_any_bytes(
            mark in 0usize..3,
            body in proptest::collection::vec(any::<u8>(), 0..64),
            steps in proptest::collection::vec(1usize..9, 1..5),
            take in 1usize..7,
        ) {
            let mut file = [&[][..], &[0xff, 0xfe][..], &[0xfe, 0xff][..]][mark].to_vec();
            file.extend(&body);
            let out = through(&file, &steps, take);
            // UTF-16 by the module docs' rule: a mark, or the first code units (up to two)
            // all a nonzero byte beside a zero byte, in one order.
            let units = file[..file.len().min(4)].chunks_exact(2);
            let utf16 = file.starts_with(&[0xff, 0xfe])
                || file.starts_with(&[0xfe, 0xff])
                || (units.len() > 0 && units.clone().all(|u| u[0] != 0 && u[1] == 0))
                || (units.len() > 0 && units.clone().all(|u| u[0] == 0 && u[1] != 0));
            if !utf16 {
                prop_assert_eq!(&out, &file);
            }
            prop_assert_eq!(decode(&out), decode_file(&file));
        }
    }

    #[test]
    fn excerpt_keeps_short_text_and_cuts_long_text_at_a_character() {
        let at_limit = "é".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&at_limit), at_limit);
        let over = "é".repeat(EXCERPT_CHARS + 1);
        let cut = excerpt(&over);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS);
        assert_eq!(cut, format!("{}…", "é".repeat(EXCERPT_CHARS - 1)));
        assert_eq!(excerpt(""), "");
    }

    /// Python 3.11's `bytes(range(0x80, 0x100)).decode("cp1252", errors="replace")`, with
    /// the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) as WHATWG has them.
    #[test]
    fn every_byte_reads_as_windows_1252_has_it() {
        let expected: Vec<u32> = vec![
            0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160,
            0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
            0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
        ];
        let high: Vec<u8> = (0x80..=0xff).collect();
        let text = decode(&high);
        let got: Vec<u32> = text.chars().map(u32::from).collect();
        assert_eq!(got[..32], expected[..]);
        assert_eq!(got[32..], (0xa0..=0xff).collect::<Vec<u32>>()[..]);
        // ASCII is itself, and valid UTF-8 is taken as it is, borrowed.
        let ascii: Vec<u8> = (0..0x80).collect();
        assert!(matches!(decode(&ascii), Cow::Borrowed(s) if s.as_bytes() == ascii));
        assert!(matches!(
            decode("Jürg 王".as_bytes()),
            Cow::Borrowed("Jürg 王")
        ));
    }

    #[test]
    fn text_that_is_not_utf8_keeps_every_byte() {
        // A lone continuation byte, a truncated sequence, an overlong form: each byte one
        // character, so the text is as long in characters as the input in bytes.
        for bytes in [
            &b"\xfc"[..],
            b"a\xe2\x82",
            b"\xc0\xafx",
            b"Sj\xf6berg, \xc5sa",
        ] {
            assert_eq!(decode(bytes).chars().count(), bytes.len(), "{bytes:?}");
        }
        assert_eq!(decode(b"Sj\xf6berg, \xc5sa"), "Sjöberg, Åsa");
    }
}
