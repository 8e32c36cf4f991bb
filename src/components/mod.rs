//! Leptos components. They render view data and report intent; no rules here.

pub mod board;
pub mod controls;
pub mod move_list;
pub mod new_game;
pub mod share;
