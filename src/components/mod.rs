//! Leptos components. They render view data and report intent; no rules here.

pub mod square_board;
