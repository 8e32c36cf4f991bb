//! Every piece of HTML and SVG the app writes as text, written through one
//! builder, [`Markup`], so that no text from a link, a record, a file or a
//! player can become markup: element and attribute names can only be
//! string literals of the code (`&'static str`), and every text and every
//! attribute value goes through the escaper. The only way in for a literal
//! fragment is [`Markup::fragment`], which takes `&'static str` too; the
//! library's rows, written with this builder in the library's worker, come
//! back through [`Markup::from_library_worker`].
//!
//! The page writes markup into the document only through
//! `crate::web::set_markup`, which takes a [`Markup`] (a test checks that
//! nothing else in `src/` sets `innerHTML`).
//!
//! - `board`: the board's layers (cells, frame, pieces, marks);
//! - `moves`: the move list;
//! - `review`: the review's panel and graph;
//! - `export`: the board as a standalone SVG image;
//! - `first_paint`: what a page shows before the app has loaded;
//! - `qr`: the QR code of a friend's link.

use std::fmt::{self, Write as _};

pub mod board;
pub mod editor;
pub mod export;
pub mod first_paint;
pub mod home;
pub mod library;
pub mod moves;
pub mod notes;
pub mod qr;
pub mod review;
pub mod rules;

/// A property's value, for a page that writes its markup once and then
/// sets what changes (`crate::web::apply_props`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prop {
    /// A text (`value`, `textContent`, `title`, …).
    Text(String),
    /// A flag (`checked`, `disabled`).
    On(bool),
}

/// Text written through the escaper: `&`, `<`, `>`, `"` and `'` become
/// entities, so the text reads the same in element content and in a quoted
/// attribute value, in HTML and in XML.
struct Escaped<'a>(&'a mut String);

impl fmt::Write for Escaped<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        // Runs without a special character (numbers, cell names: nearly
        // everything the board writes) are copied whole.
        let mut rest = text;
        while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
            self.0.push_str(&rest[..at]);
            self.0.push_str(match rest.as_bytes()[at] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => "&#39;",
            });
            rest = &rest[at + 1..];
        }
        self.0.push_str(rest);
        Ok(())
    }
}

/// Markup under construction (see the module's documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup(String);

impl Markup {
    /// Empty markup.
    #[must_use]
    pub fn new() -> Markup {
        Markup(String::new())
    }

    /// Markup the library's worker wrote with this builder
    /// (`library::rows`) and sent back as text: this app's own code at
    /// both ends of a dedicated worker's channel, which no page and no
    /// input can write to. Nothing else calls it.
    #[must_use]
    pub fn from_library_worker(text: String) -> Markup {
        Markup(text)
    }

    /// Empty markup with room for `bytes`.
    #[must_use]
    pub fn with_capacity(bytes: usize) -> Markup {
        Markup(String::with_capacity(bytes))
    }

    /// Starts an element `<tag`; give its attributes, then [`StartTag::body`]
    /// (content follows, closed by [`Markup::end`]) or [`StartTag::empty`].
    #[inline(never)]
    pub fn open(&mut self, tag: &'static str) -> StartTag<'_> {
        self.0.push('<');
        self.0.push_str(tag);
        StartTag { out: &mut self.0, tag }
    }

    /// Closes an element opened with [`Markup::open`] and [`StartTag::body`].
    #[inline(never)]
    pub fn end(&mut self, tag: &'static str) -> &mut Markup {
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// `text`, escaped.
    #[inline]
    pub fn text(&mut self, text: impl fmt::Display) -> &mut Markup {
        self.text_dyn(&text)
    }

    /// [`Markup::text`], one copy for every type of text (smaller code).
    #[inline(never)]
    fn text_dyn(&mut self, text: &dyn fmt::Display) -> &mut Markup {
        let _ = write!(Escaped(&mut self.0), "{text}");
        self
    }

    /// A fragment written in the code (a stylesheet, gradients): a literal,
    /// never text from elsewhere.
    pub fn fragment(&mut self, literal: &'static str) -> &mut Markup {
        self.0.push_str(literal);
        self
    }

    /// Another piece of markup, whole.
    pub fn append(&mut self, other: &Markup) -> &mut Markup {
        self.0.push_str(&other.0);
        self
    }

    /// Whether nothing was written.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The markup.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The markup, as a string to hand to the document or a file.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Markup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The start tag of an element being written: its attributes.
#[must_use = "a start tag is finished with body() or empty()"]
pub struct StartTag<'a> {
    out: &'a mut String,
    tag: &'static str,
}

impl StartTag<'_> {
    /// The attribute `name="value"`, the value escaped.
    #[inline]
    pub fn attr(self, name: &'static str, value: impl fmt::Display) -> Self {
        self.attr_dyn(name, &value)
    }

    /// [`StartTag::attr`], one copy for every type of value (smaller code).
    #[inline(never)]
    fn attr_dyn(self, name: &'static str, value: &dyn fmt::Display) -> Self {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        let _ = write!(Escaped(self.out), "{value}");
        self.out.push('"');
        self
    }

    /// The attribute `name="value"` when there is a value.
    pub fn attr_some(self, name: &'static str, value: Option<impl fmt::Display>) -> Self {
        match value {
            Some(value) => self.attr(name, value),
            None => self,
        }
    }

    /// The boolean attribute `name` (e.g. `disabled`), when `on`.
    pub fn flag(self, name: &'static str, on: bool) -> Self {
        if on {
            self.out.push(' ');
            self.out.push_str(name);
        }
        self
    }

    /// Ends the start tag: the element's content follows, closed by [`Markup::end`].
    pub fn body(self) {
        self.out.push('>');
    }

    /// Ends the element at once: `<tag …></tag>`.
    #[inline(never)]
    pub fn empty(self) {
        self.out.push_str("></");
        self.out.push_str(self.tag);
        self.out.push('>');
    }
}

#[cfg(test)]
mod tests;
