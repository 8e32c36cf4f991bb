//! The move list as markup: the main line two moves to a numbered row, and
//! under a move its variations, each on a row of its own with any variations
//! inside it in parentheses, as chess sites show them. Each move is a button
//! carrying its node (`data-node`); the list marks the current one itself.

use search::review::Mark;

use super::Markup;
use crate::i18n::text;
use crate::session::formats::tree_text::{Writer, write_variation};
use crate::session::model::tree::{GameTree, NodeId};
use crate::t;

/// The number a move gets: `n.` for a first move, `n…` for a second.
#[must_use]
pub fn number(ply: usize) -> String {
    let n = ply.div_ceil(2);
    if ply.is_multiple_of(2) { format!("{n}…") } else { format!("{n}.") }
}

/// The markup being written.
struct Writing {
    out: Markup,
}

impl Writing {
    /// A move's button, its number inside it when it has one, and the
    /// review's mark after it, or else the annotator's.
    fn button(&mut self, tree: &GameTree, node: NodeId, number: Option<String>, mark: Option<Mark>) {
        let mark = mark.map(|m| (m.symbol(), m.name(), m as u8 + 1)).or_else(|| {
            let m = tree.mark(node)?;
            Some((m.text(), m.words(), 0))
        });
        let m = &mut self.out;
        m.open("button").attr("class", "move").attr("data-node", node.index()).body();
        if let Some(number) = number {
            m.open("span").attr("class", "number").body();
            m.text(number).end("span");
        }
        if let Some(mv) = tree.move_of(node) {
            m.text(mv);
        }
        if let Some((symbol, name, class)) = mark {
            m.open("span").attr("class", format_args!("nag n{class}")).attr("aria-hidden", "true").body();
            m.text(symbol).end("span");
            m.open("span").attr("class", "visually-hidden").body();
            m.text(format_args!(" {}", text(name))).end("span");
        }
        m.end("button");
    }

    /// Ends the open row of the main line, if any.
    fn close_row(&mut self, open: &mut bool) {
        if std::mem::take(open) {
            self.out.end("li");
        }
    }

    /// The gap where a row has no first move.
    fn gap(&mut self) {
        self.out.open("span").attr("class", "gap").attr("aria-hidden", "true").body();
        self.out.text("…").end("span");
    }
}

/// A variation's row is written as records write variations.
impl Writer for Writing {
    fn step(&mut self, tree: &GameTree, node: NodeId, fresh: bool) {
        let ply = tree.depth(node);
        let label = (!ply.is_multiple_of(2) || fresh).then(|| number(ply));
        self.button(tree, node, label, None);
    }

    fn comment(&mut self, tree: &GameTree, node: NodeId) -> bool {
        let Some(text) = tree.comment(node) else { return false };
        self.out.open("span").attr("class", "comment").body();
        self.out.text(text).end("span");
        true
    }

    fn open(&mut self) {
        self.out.open("span").attr("class", "paren").body();
        self.out.text("(").end("span");
    }

    fn close(&mut self) {
        self.out.open("span").attr("class", "paren").body();
        self.out.text(")").end("span");
    }
}

/// The markup of `tree`'s move list; `marks` holds the review's marks of
/// the main line's moves, the first move's first; `result`, how the game
/// ended, is written after its last move. The game's information (who
/// played, where, when) and its comment on the whole game come first.
#[must_use]
pub fn move_list(tree: &GameTree, marks: &[Option<Mark>], result: Option<&str>) -> Markup {
    let mut w = Writing { out: Markup::new() };
    let info = tree.info();
    let line = info.line();
    for (class, text) in [("game-info", line.as_str()), ("game-comment", info.comment.as_str())] {
        if !text.is_empty() {
            w.out.open("p").attr("class", class).body();
            w.out.text(text).end("p");
        }
    }
    if tree.children(NodeId::ROOT).is_empty() && result.is_none() {
        w.out.open("p").attr("class", "empty").body();
        w.out.text(t!("No moves yet.")).end("p");
        return w.out;
    }
    w.out.open("ol").body();
    // Whether a row of the main line is open, and waits for a second move.
    let mut open = false;
    let mut at = NodeId::ROOT;
    let mut ply: usize = 0;
    while let Some((&node, alternatives)) = tree.children(at).split_first() {
        ply += 1;
        if !ply.is_multiple_of(2) || !open {
            w.close_row(&mut open);
            w.out.open("li").attr("class", "pair").body();
            w.out.open("span").attr("class", "number").body();
            w.out.text(format_args!("{}.", ply.div_ceil(2))).end("span");
            if ply.is_multiple_of(2) {
                w.gap();
            }
            open = true;
        }
        w.button(tree, node, None, marks.get(ply - 1).copied().flatten());
        let comment = tree.comment(node);
        if comment.is_some() || !alternatives.is_empty() {
            if !ply.is_multiple_of(2) {
                w.gap();
            }
            w.close_row(&mut open);
            if comment.is_some() {
                w.out.open("li").attr("class", "note").body();
                w.comment(tree, node);
                w.out.end("li");
            }
            for &alt in alternatives {
                w.out.open("li").attr("class", "variation").attr("aria-label", t!("Variation")).body();
                write_variation(tree, alt, &mut w);
                w.out.end("li");
            }
        }
        at = node;
    }
    w.close_row(&mut open);
    if let Some(result) = result {
        w.out.open("li").attr("class", "result").body();
        w.out.text(result).end("li");
    }
    w.out.end("ol");
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::formats::tree_text::{build, link_tokens};

    /// The list of a linked tree (a note on the main line's second move),
    /// written compactly: `[…]` a row of the main line, `{…}` a comment row,
    /// `<…>` a variation row; words are the texts of the markup's elements.
    fn shown(moves: &str) -> String {
        let mut tree = GameTree::new("loa".parse::<rules::GameSpec>().unwrap().start(), None);
        assert_eq!(build(&mut tree, link_tokens(moves).map(|t| (t, ())), ()), None);
        if let Some(&second) = tree.main_line().get(1) {
            tree.set_comment(second, Some("a <note> & more".to_owned()));
        }
        let markup = move_list(&tree, &[], None).into_string();
        let mut out = String::new();
        let mut rest = markup.as_str();
        while let Some(start) = rest.find('<') {
            out.push_str(&rest[..start]);
            let end = start + rest[start..].find('>').unwrap();
            let tag = &rest[start + 1..end];
            out.push_str(match tag {
                t if t.starts_with("li class=\"pair") => "[",
                t if t.starts_with("li class=\"note") => "{",
                t if t.starts_with("li class=\"variation") => "<",
                "/li" => "] ",
                "/button" | "/span" => " ",
                _ => "",
            });
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        out.replace(" ]", "]").trim().to_owned()
    }

    #[test]
    fn the_main_line_goes_two_to_a_row() {
        assert_eq!(shown(""), "No moves yet.");
        assert_eq!(shown("b1-b3"), "[1. b1-b3]");
        // The comment on the second move closes its row; it is escaped.
        assert_eq!(shown("b1-b3,a2-c2,e1-e3"), "[1. b1-b3 a2-c2] {a &lt;note&gt; &amp; more] [2. e1-e3]");
    }

    #[test]
    fn variations_split_rows_and_nest() {
        // An alternative to the first move splits the first row.
        assert_eq!(
            shown("b1-b3(c1-c3,h2-f2),a2-c2,e1-e3,a7-c7"),
            "[1. b1-b3 …] <1. c1-c3 h2-f2] [1. … a2-c2] {a &lt;note&gt; &amp; more] [2. e1-e3 a7-c7]"
        );
        // A variation inside a variation, in parentheses, numbered again after it.
        assert_eq!(
            shown("b1-b3,a2-c2(h2-f2,c1xa3(d1-d3,a5-c5),a4-c4,e1-e3)"),
            "[1. b1-b3 a2-c2] {a &lt;note&gt; &amp; more] \
             <1… h2-f2 2. c1xa3 ( 2. d1-d3 a5-c5 ) 2… a4-c4 3. e1-e3]"
        );
    }

    #[test]
    fn every_move_is_a_button_for_its_node() {
        let mut tree = GameTree::new("loa".parse::<rules::GameSpec>().unwrap().start(), None);
        assert_eq!(build(&mut tree, link_tokens("b1-b3(c1-c3),a2-c2").map(|t| (t, ())), ()), None);
        let markup = move_list(&tree, &[None, Some(Mark::Mistake)], None).into_string();
        assert!(markup.contains(">a2-c2<span class=\"nag n2\" aria-hidden=\"true\">?</span><span class=\"visually-hidden\"> mistake</span></button>"), "{markup}");
        for node in tree.nodes().skip(1) {
            let button = format!("data-node=\"{}\">", node.index());
            assert_eq!(markup.matches(&button).count(), 1, "{button} in {markup}");
        }
        assert_eq!(markup.matches("<button").count(), tree.nodes().count() - 1);
    }

    #[test]
    fn the_annotators_marks_and_the_games_information_are_shown() {
        let mut tree = GameTree::new("loa".parse::<rules::GameSpec>().unwrap().start(), None);
        assert_eq!(build(&mut tree, link_tokens("b1-b3(c1-c3),a2-c2").map(|t| (t, ())), ()), None);
        let nodes: Vec<NodeId> = tree.nodes().collect();
        tree.set_mark(nodes[1], Some(crate::session::model::info::Mark::Interesting));
        tree.set_mark(nodes[2], Some(crate::session::model::info::Mark::Good));
        let mut info = crate::session::model::info::GameInfo::default();
        info.set(0, "Kim <b>");
        info.set(7, "A game & more");
        tree.set_info(info);
        // The review's mark wins over the annotator's.
        let markup = move_list(&tree, &[Some(Mark::Mistake)], None).into_string();
        assert!(
            markup.starts_with(
                "<p class=\"game-info\">Kim &lt;b&gt; (Black)</p><p class=\"game-comment\">A game &amp; more</p>"
            ),
            "{markup}"
        );
        assert!(markup.contains(">b1-b3<span class=\"nag n2\""), "{markup}");
        assert!(markup.contains(">c1-c3<span class=\"nag n0\" aria-hidden=\"true\">!</span><span class=\"visually-hidden\"> good move</span>"), "{markup}");
        let unmarked = move_list(&tree, &[], None).into_string();
        assert!(unmarked.contains(">b1-b3<span class=\"nag n0\" aria-hidden=\"true\">!?</span><span class=\"visually-hidden\"> interesting move</span>"), "{unmarked}");
    }

    #[test]
    fn the_result_closes_the_list() {
        let mut tree = GameTree::new("loa".parse::<rules::GameSpec>().unwrap().start(), None);
        assert_eq!(build(&mut tree, link_tokens("b1-b3").map(|t| (t, ())), ()), None);
        let markup = move_list(&tree, &[], Some("White wins: Black <resigned>")).into_string();
        assert!(markup.ends_with("<li class=\"result\">White wins: Black &lt;resigned&gt;</li></ol>"), "{markup}");
    }
}
