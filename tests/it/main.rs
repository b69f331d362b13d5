//! The integration tests, in one binary (one link instead of one per
//! file): each module tests one concern, `common` holds what they share.
//! `tests/fixture_crate.rs` stays its own binary: it is the test of a real
//! `build.rs`.

mod acehack_language;
mod build_tree;
mod cli_lev_comp;
mod cli_options;
mod cli_parser;
#[cfg(feature = "render")]
mod cli_render;
mod cli_watch;
mod common;
#[cfg(feature = "nethack36")]
mod des36_depth;
#[cfg(feature = "nethack36")]
mod des36_features;
#[cfg(feature = "nethack36")]
mod des36_golden;
mod des_errors;
mod des_features;
mod des_fuzz;
mod des_golden;
mod des_threads;
mod diagnostics_pinned;
mod differential;
mod dnethack_differential;
mod drop_in;
mod dungeon_features;
mod dungeon_golden;
mod dungeon_variants;
mod encode_errors;
#[cfg(feature = "nethack36")]
mod evilhack;
mod fault_injection;
mod features;
mod fiqhack_language;
mod game_tree;
mod generated;
mod identity_damage;
mod index_codegen;
mod index_snapshots;
mod layouts;
mod map_characters;
mod mutation_diff;
#[cfg(feature = "render")]
mod render_browser;
#[cfg(feature = "render")]
mod render_pinned;
mod robustness;
mod slashem_language;
#[cfg(feature = "nethack36")]
mod sporkhack;
#[cfg(feature = "nethack36")]
mod suggestions;
#[cfg(feature = "nethack36")]
mod unnethack;
mod variant_differential;
mod variant_formats;
#[cfg(feature = "nethack36")]
mod warning_names;
