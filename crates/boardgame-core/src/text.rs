//! Text from game files written by other tools: UTF-8, or the Windows code page of older
//! ones.
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

use std::borrow::Cow;

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
