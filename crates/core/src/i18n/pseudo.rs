//! The pseudo-language: English with accents and about 40 % longer, so
//! the browser tests see that no text is cut or overflows and that every
//! text goes through the catalogue (an unaccented English word on a
//! pseudo page was missed).

/// `english` stretched: each letter accented, placeholders (`{name}`)
/// kept, and filler added up to about 40 % more characters, the whole in
/// brackets so a cut end shows.
#[must_use]
pub fn stretch(english: &str) -> String {
    let mut out = String::with_capacity(english.len() * 2 + 4);
    out.push('⟦');
    let mut in_placeholder = false;
    let mut letters = 0usize;
    for c in english.chars() {
        match c {
            '{' => in_placeholder = true,
            '}' => in_placeholder = false,
            _ => {}
        }
        if in_placeholder {
            out.push(c);
            continue;
        }
        out.push(accent(c));
        if c.is_alphabetic() {
            letters += 1;
        }
    }
    // About 40 % more: the length of a long German or Russian text.
    for i in 0..(letters * 2).div_ceil(5) {
        out.push(if i % 6 == 5 { ' ' } else { '~' });
    }
    out.push('⟧');
    out
}

fn accent(c: char) -> char {
    match c {
        'a' => 'á',
        'c' => 'ç',
        'e' => 'é',
        'i' => 'î',
        'n' => 'ñ',
        'o' => 'ö',
        's' => 'š',
        'u' => 'ü',
        'y' => 'ý',
        'A' => 'Å',
        'C' => 'Ç',
        'E' => 'É',
        'I' => 'Î',
        'N' => 'Ñ',
        'O' => 'Ö',
        'S' => 'Š',
        'U' => 'Û',
        _ => c,
    }
}
