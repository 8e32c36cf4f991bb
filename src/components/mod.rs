//! Leptos components. They render view data and report intent; no rules here.

pub mod advice;
pub mod board;
pub mod clocks;
pub mod controls;
pub mod friend;

pub mod game_board;
pub mod game_end;
pub mod keys;
pub mod language;
pub mod modal;
pub mod move_form;
pub mod move_list;
pub mod new_game;
pub mod notes;
pub mod review;
pub mod scoreboard;
pub mod settings;
pub mod share;
pub mod status;
pub mod stones_bar;
pub mod watch;
