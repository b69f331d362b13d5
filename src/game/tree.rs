//! Reading a game's identity from its source tree, the way its own level
//! tools get it: the tree's `monst.c`, `objects.c`, `drawing.c`, `decl.c`
//! and `alloc.c` are compiled with its headers (as `lev_comp` is linked)
//! into a small probe that prints the tables, the class symbols, the
//! `makedefs -e` features of its `config.h` and the header `makedefs -v`
//! would compute. The header comes from `include/date.h` instead when the
//! tree has one (`include/verinfo.h` where its `lev_comp` includes that):
//! that is what the game was built with.
//!
//! The probe's output is cached by the hash of every file it reads, so the
//! C compiler runs once per change of the tree, not once per build.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{Game, Header, RecordFormat};
use crate::dungeon::Features;

/// The probe's first stage: monster and object names, for the generated
/// headers.
const NAMES_PROBE: &str = include_str!("../../templates/game_names.c");
/// The probe's second stage: tables, classes, features, header.
const GAME_PROBE: &str = include_str!("../../templates/game_probe.c");
/// Linked into the second stage: the header, by the tree's own makedefs.
const VERSION_PROBE: &str = include_str!("../../templates/game_version.c");

/// The tree's sources that `lev_comp` links.
const TREE_SOURCES: [&str; 5] = ["monst.c", "objects.c", "drawing.c", "decl.c", "alloc.c"];

/// Of [`TREE_SOURCES`], the one a tree may lack: the NetHack4 family
/// (FIQHack) has no `src/alloc.c`, its tables need none.
const OPTIONAL_TREE_SOURCE: &str = "alloc.c";

/// Sources linked where a tree has them: the NetHack4 family keeps its
/// class symbols (`def_monsyms`, `def_oc_syms`) in `src/symclass.c`.
const EXTRA_TREE_SOURCES: [&str; 1] = ["symclass.c"];

/// The [`TREE_SOURCES`] a tree has (all but an absent optional one), and
/// those of [`EXTRA_TREE_SOURCES`] it has.
fn tree_sources(root: &Path) -> impl Iterator<Item = &'static str> + '_ {
    TREE_SOURCES
        .iter()
        .copied()
        .filter(move |s| *s != OPTIONAL_TREE_SOURCE || root.join("src").join(s).is_file())
        // aimake links the NetHack4 family's lev_comp with the objects
        // whose symbols it uses: not decl.c, whose turn-state code needs
        // the whole game.
        .filter(move |s| *s != "decl.c" || nethack4_common_include(root).is_none())
        .chain(
            EXTRA_TREE_SOURCES
                .iter()
                .copied()
                .filter(move |s| root.join("src").join(s).is_file()),
        )
}

/// The NetHack4 family's shared sources its library links (`xmalloc`,
/// which its `drawing.c` calls), where `root` is such a repository's
/// [`NETHACK4_LIBRARY`].
fn nethack4_common_sources(root: &Path) -> Vec<PathBuf> {
    let Some(src) = root.parent().map(|r| r.join("libnethack_common/src")) else {
        return Vec::new();
    };
    match nethack4_common_include(root) {
        Some(_) => ["xmalloc.c"]
            .into_iter()
            .map(|s| src.join(s))
            .filter(|p| p.is_file())
            .collect(),
        None => Vec::new(),
    }
}

/// The level compiler's sources the record format and numbering are read
/// from (see [`super::tree_format`]).
const LEVEL_COMPILER_SOURCES: [&str; 4] = [
    "util/lev_main.c",
    "util/lev_comp.l",
    "util/lev_comp.y",
    "util/dgn_comp.y",
];

/// Changes whenever what the probe prints changes, so that cached probe
/// output of an older levbuild build is not reused.
const PROBE_REVISION: &[u8] = b"numbers 13";

/// The hints file a 3.6-family tree's Unix build is set up with
/// (`sys/unix/setup.sh hints/linux`): its `CFLAGS` defines are the game's.
const HINTS_FILE: &str = "sys/unix/hints/linux";

/// The configure script of a tree built with autoconf instead of a hints
/// file (UnNetHack): see [`configure_defines`].
const CONFIGURE_FILE: &str = "sys/autoconf/configure.ac";

/// The `dat/` Makefile of a tree built by its configure script.
const AUTOCONF_MAKEFILE_DAT: &str = "sys/autoconf/Makefile.dat";

/// How to read a tree.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TreeOptions {
    /// The Rust target triple of the game (its header's struct sizes are
    /// that target's); `None` for the host.
    pub target: Option<String>,
    /// Where to cache the probe's output; `None` for no cache.
    pub cache_dir: Option<PathBuf>,
    /// `NAME` or `NAME=VALUE` defines the game's build passes its C
    /// compiler beyond those of the tree's hints file (a configuration
    /// that is not the hints file's, as `CFLAGS` of its Makefile).
    pub defines: Vec<String>,
}

impl TreeOptions {
    /// Options for the host, without a cache.
    pub fn new() -> Self {
        TreeOptions::default()
    }

    /// The target triple the game is built for.
    pub fn target(mut self, triple: impl Into<String>) -> Self {
        self.target = Some(triple.into());
        self
    }

    /// Caches the probe's output in `dir`.
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cache_dir = Some(dir.into());
        self
    }

    /// Compiles the tree's C with `-DNAME` (`NAME=VALUE` for a value), as
    /// the game's build does beyond its hints file.
    pub fn define(mut self, define: impl Into<String>) -> Self {
        self.defines.push(define.into());
        self
    }
}

/// Why a game tree could not be read.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[derive(Debug)]
pub struct TreeError {
    root: PathBuf,
    message: String,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl TreeError {
    pub(super) fn new(root: &Path, message: impl Into<String>) -> TreeError {
        TreeError {
            root: root.to_path_buf(),
            message: message.into(),
            source: None,
        }
    }

    pub(super) fn io(root: &Path, what: &str, e: io::Error) -> TreeError {
        TreeError {
            root: root.to_path_buf(),
            message: format!("{what}: {e}"),
            source: Some(Box::new(e)),
        }
    }

    /// The tree's root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game tree {}: {}", self.root.display(), self.message)
    }
}

impl std::error::Error for TreeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Game {
    /// The identity of the game whose source tree is at `root` (its
    /// `include/`, and the `src/` files its `lev_comp` links): tables and
    /// class symbols as that tree's `lev_comp` resolves names, `makedefs
    /// -e` features from its `config.h`, and the header from
    /// `include/date.h` (`include/verinfo.h` where its `lev_comp` includes
    /// that) or as its `makedefs -v` would compute it.
    ///
    /// Needs a C compiler (found as the `cc` crate finds one; set `CC` to
    /// choose it) unless the result is in `options.cache_dir`.
    ///
    /// # Errors
    ///
    /// A tree without those files, a tree whose level format is neither
    /// the 3.4.3 family's nor 3.6's, no C compiler, C that does not compile or a probe
    /// that does not run (the compiler's first errors are in the message),
    /// a `date.h` (`verinfo.h`) that does not parse.
    pub fn from_tree(repository: &Path, options: &TreeOptions) -> Result<Game, TreeError> {
        let root = &level_root(repository);
        let files = tree_files(root)?;
        let dialect = level_dialect(root)?;
        let tree_format = super::tree_format::read_tree_format(root, dialect)?;
        let version = read_version(repository, root)?;
        let key = probe_key(&files, options)?;
        let cached = options
            .cache_dir
            .as_ref()
            .map(|d| d.join(format!("game-{}.txt", &key.to_hex()[..32])));
        let output = match cached
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
        {
            Some(text) => text,
            None => {
                let text = run_probe(root, &tree_format.numbers_source, options)?;
                if let Some(path) = &cached {
                    // A cache that cannot be written only costs a rerun.
                    let _ = crate::build::write_atomic(path, text.as_bytes());
                }
                text
            }
        };
        let mut format = tree_format.format;
        let facts = parse_probe(root, &output, &mut format)?;
        tree_format.after_probe.apply(root, &mut format)?;
        let missing = format.numbering.missing();
        if !missing.is_empty() {
            return Err(TreeError::new(
                root,
                format!(
                    "the probe found no {} in the tree: levbuild cannot number its levels",
                    missing.join(", no ")
                ),
            ));
        }
        let header_name = header_file(root)?;
        let date_h = root.join(&header_name);
        let header = if date_h.is_file() {
            let text = std::fs::read_to_string(&date_h)
                .map_err(|e| TreeError::io(root, &format!("cannot read {header_name}"), e))?;
            let words = parse_date_h(&text).map_err(|why| {
                TreeError::new(root, format!("{header_name} does not parse: {why}"))
            })?;
            Header {
                words: vec![(None, words)],
                origin: header_name,
            }
        } else {
            let layout = match &options.target {
                Some(triple) => crate::Layout::for_target(triple)
                    .map_err(|e| TreeError::new(root, e.to_string()))?,
                None => crate::Layout::host(),
            };
            Header {
                words: vec![(Some(layout.model), facts.header.clone())],
                origin: format!(
                    "computed as makedefs -v does, for {}",
                    options.target.as_deref().unwrap_or("the host")
                ),
            }
        };
        // The repository's name (FIQHack's, not its libnethack/).
        let name = repository
            .canonicalize()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| repository.display().to_string());
        let mut game = Game::new(
            name,
            version,
            super::NameTable::new(facts.monsters),
            super::NameTable::new(facts.objects),
            facts.monster_classes,
            facts.object_classes,
            facts.features,
            header,
        );
        game.tree_files = files;
        game.tree_files.push(date_h);
        // Which dungeon files its build compiles: no probe output, but a
        // change to the Makefile changes what a build finds.
        let makefile = root.join(MAKEFILE_DAT);
        game.tree_dungeon_files = makefile_dungeon_files(root)?.map(|f| (root.join("dat"), f));
        game.tree_files.push(makefile);
        // Which .des files it compiles, from the Makefile its build uses.
        let (levels_makefile, levels) = makefile_level_files(root)?;
        game.tree_level_files = levels.map(|f| (root.join("dat"), f));
        if let Some(path) = levels_makefile {
            game.tree_files.push(path);
        }
        game.dialect = dialect;
        game.format = format;
        Ok(game)
    }
}

/// Where a repository keeps its level tools and data: `libnethack/` in
/// the NetHack4 family (FIQHack: `libnethack/util/lev_comp.y`,
/// `libnethack/dat`, `libnethack/include`), else the repository's root.
pub(crate) fn level_root(repository: &Path) -> PathBuf {
    let nethack4 = repository.join(NETHACK4_LIBRARY);
    if !repository.join("util/lev_comp.y").is_file() && nethack4.join("util/lev_comp.y").is_file() {
        nethack4
    } else {
        repository.to_path_buf()
    }
}

/// The NetHack4 family's game library folder, and the header of its
/// version (outside that folder).
const NETHACK4_LIBRARY: &str = "libnethack";
const NETHACK4_VERSION_HEADER: &str = "libnethack_common/include/nethack.h";

/// `artinames.h` as the NetHack4 family's build makes it: `artilist.h`
/// read with `ARTINAMES_H` defined.
const ARTINAMES_H: &str = "#define ARTINAMES_H\n#include \"artilist.h\"\n#undef ARTINAMES_H\n";

/// The NetHack4 family's shared headers (`nethack_types.h`, `nethack.h`),
/// which its `libnethack/include` headers include: `Some` where `root` is
/// such a repository's [`NETHACK4_LIBRARY`].
fn nethack4_common_include(root: &Path) -> Option<PathBuf> {
    let repository = root.parent()?;
    let include = repository.join("libnethack_common/include");
    (root.file_name()? == NETHACK4_LIBRARY && include.is_dir()).then_some(include)
}

/// The defines aimake, the NetHack4 family's build tool, gives every
/// compile: the OS it builds for (`AIMAKE_BUILDOS_linux`: its headers
/// choose their system headers by it, and say `#error` without one), the
/// symbol markers of a plain (not shared-library) build, and its
/// `noreturn` as a GNU C compiler has it.
fn aimake_defines(target: &str) -> Vec<String> {
    let mut defines = vec![aimake_os_define(target)];
    for marker in ["EXPORT", "IMPORT", "REVERSE_EXPORT", "REVERSE_IMPORT"] {
        defines.push(format!("AIMAKE_{marker}(x)=x"));
    }
    defines.push("AIMAKE_ABI_VERSION(x)=".into());
    defines.push("AIMAKE_NORETURN=__attribute__((noreturn))".into());
    defines
}

fn aimake_os_define(target: &str) -> String {
    let os = if target.contains("windows") {
        "MSWin32"
    } else if target.contains("apple") || target.contains("darwin") {
        "darwin"
    } else if target.contains("freebsd") {
        "freebsd"
    } else {
        "linux"
    };
    format!("AIMAKE_BUILDOS_{os}")
}

/// The header `makedefs` writes that the tree's `lev_comp` includes:
/// `include/verinfo.h` (`makedefs -w`) where its `util/lev_main.c`
/// includes that (SLASH'EM Extended, notnotdNetHack), else
/// `include/date.h` (`makedefs -v`).
fn header_file(root: &Path) -> Result<String, TreeError> {
    let lev_main = std::fs::read(root.join("util/lev_main.c"))
        .map_err(|e| TreeError::io(root, "cannot read util/lev_main.c", e))?;
    let includes_verinfo = String::from_utf8_lossy(&lev_main).lines().any(|l| {
        let l = l.trim_start();
        l.strip_prefix('#').is_some_and(|d| {
            let d = d.trim_start();
            d.strip_prefix("include")
                .is_some_and(|f| f.trim() == "\"verinfo.h\"")
        })
    });
    Ok(if includes_verinfo {
        "include/verinfo.h"
    } else {
        "include/date.h"
    }
    .into())
}

/// The Makefile of the tree's `dat/` on Unix, whose `dungeon` target (the
/// one its top-level Makefile makes there) says which dungeon files its
/// build compiles.
const MAKEFILE_DAT: &str = "sys/unix/Makefile.dat";

/// The `.def` files the `dungeon` target of the tree's
/// `sys/unix/Makefile.dat` depends on (`dungeon: dungeon.def
/// ../util/makedefs ../util/dgn_comp`: `makedefs -e` preprocesses it,
/// `dgn_comp` compiles it), those of them its `dat/` has. SLASH'EM
/// Extended's `dat/` holds `dungeon2.def`..`dungeon8.def` besides, which
/// its build never compiles. `None` where the tree has no such Makefile or
/// rule, or none of the files it names (dNetHack's still names vanilla's
/// `dungeon.def`; its `dngnch*.def` are built by its makedefs' own list):
/// then every `*.def` of `dat/` is compiled.
fn makefile_dungeon_files(root: &Path) -> Result<Option<Vec<String>>, TreeError> {
    let path = root.join(MAKEFILE_DAT);
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(TreeError::io(
                root,
                &format!("cannot read {MAKEFILE_DAT}"),
                e,
            ))
        }
    };
    let files = dungeon_rule_files(&text);
    let dat = root.join("dat");
    let present: Vec<String> = files
        .into_iter()
        .filter(|f| dat.join(f).is_file())
        .collect();
    Ok((!present.is_empty()).then_some(present))
}

/// The Makefile that compiles a tree's levels (`sys/autoconf/Makefile.dat`
/// for a tree built by its configure script, see [`configure_defines`],
/// else [`MAKEFILE_DAT`]) and the `.des` names it has (every word that
/// ends in `.des`, a directory dropped: `$(srcdir)/vaults.des`,
/// `town-?.des`); `None` for none, no such Makefile, or one that names a
/// file `dat/` does not have.
fn makefile_level_files(root: &Path) -> Result<(Option<PathBuf>, Option<Vec<String>>), TreeError> {
    let configured = !configure_defines(root).is_empty();
    let name = match configured {
        true => AUTOCONF_MAKEFILE_DAT,
        false => MAKEFILE_DAT,
    };
    let path = root.join(name);
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((None, None)),
        Err(e) => return Err(TreeError::io(root, &format!("cannot read {name}"), e)),
    };
    let files = makefile_des_names(&text);
    // A Makefile that names a file `dat/` does not have (dNetHack's
    // `erebor.des` for its `Erebor.des`, `drow\ noble.des` for
    // `DrowNoble.des`) is not what the tree is built with: every `.des`.
    let dat = root.join("dat");
    let exists = |f: &String| f.contains(['?', '*', '[']) || dat.join(f).is_file();
    let used = !files.is_empty() && files.iter().all(exists);
    Ok((Some(path), used.then_some(files)))
}

/// Every word of a Makefile that ends in `.des`, its directory dropped,
/// each once.
fn makefile_des_names(makefile: &str) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for word in makefile.split(|c: char| c.is_whitespace() || c == ';') {
        let name = word.rsplit('/').next().unwrap_or(word);
        let new = !files.iter().any(|f| f == name);
        if name.ends_with(".des") && name.len() > 4 && !name.contains('$') && new {
            files.push(name.to_string());
        }
    }
    files
}

/// The `*.def` prerequisites (file names) of the `dungeon` target of a
/// Makefile, continuation lines joined.
fn dungeon_rule_files(makefile: &str) -> Vec<String> {
    let joined = makefile.replace("\\\r\n", " ").replace("\\\n", " ");
    let Some(prerequisites) = joined.lines().find_map(|line| {
        // A recipe line (`\t@echo dungeon: done`) names no target.
        if line.starts_with('\t') {
            return None;
        }
        let (targets, rest) = line.split_once(':')?;
        let is_dungeon = targets.split_whitespace().any(|t| t == "dungeon");
        // `dungeon:` but not a `dungeon::` or `dungeon := …` assignment.
        (is_dungeon && !rest.starts_with([':', '='])).then_some(rest)
    }) else {
        return Vec::new();
    };
    let mut files: Vec<String> = Vec::new();
    for word in prerequisites
        .split(';')
        .next()
        .unwrap_or("")
        .split_whitespace()
    {
        let name = word.rsplit('/').next().unwrap_or(word);
        if name.ends_with(".def") && !name.contains('$') && !files.iter().any(|f| f == name) {
            files.push(name.to_string());
        }
    }
    files
}

/// Every file of the tree the probe reads: all of `include/*.h` (headers
/// include each other) and the linked sources.
fn tree_files(root: &Path) -> Result<Vec<PathBuf>, TreeError> {
    let include = root.join("include");
    let missing: Vec<String> = [
        "include/config.h",
        "include/patchlevel.h",
        "include/sp_lev.h",
        "util/makedefs.c",
    ]
    .into_iter()
    .map(String::from)
    .chain(tree_sources(root).map(|s| format!("src/{s}")))
    .chain(LEVEL_COMPILER_SOURCES.iter().map(|s| s.to_string()))
    .filter(|p| !root.join(p).is_file())
    .collect();
    if !missing.is_empty() {
        return Err(TreeError::new(
            root,
            format!(
                "not a NetHack-family source tree: missing {} (levbuild needs include/, \
                 util/makedefs.c, its level compilers' util/{{lev_main.c,lev_comp.l,lev_comp.y,dgn_comp.y}} \
                 and the src/ files lev_comp links: {})",
                missing.join(", "),
                TREE_SOURCES.join(", ")
            ),
        ));
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&include)
        .map_err(|e| TreeError::io(root, "cannot list include/", e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            // The headers makedefs writes at build time are read as the
            // version header, not by the probe.
            p.extension().is_some_and(|x| x == "h")
                && !["date.h", "verinfo.h"]
                    .iter()
                    .any(|h| p.file_name() == Some(h.as_ref()))
        })
        .collect();
    files.sort();
    files.extend(tree_sources(root).map(|s| root.join("src").join(s)));
    files.extend(nethack4_common_sources(root));
    if let Some(common) = nethack4_common_include(root) {
        files.push(common.join("nethack.h"));
        files.push(common.join("nethack_types.h"));
        files.push(common.join("compilers.h"));
    }
    files.push(root.join("util/makedefs.c"));
    files.extend(LEVEL_COMPILER_SOURCES.iter().map(|s| root.join(s)));
    for optional in [HINTS_FILE, CONFIGURE_FILE, "util/dgn_comp.l"] {
        if root.join(optional).is_file() {
            files.push(root.join(optional));
        }
    }
    Ok(files)
}

/// The level language of the tree, from `include/sp_lev.h` (the
/// structures its `lev_comp` writes): the 3.4.3 family's records or 3.6's
/// `SPO_` opcodes.
fn level_dialect(root: &Path) -> Result<crate::des::Dialect, TreeError> {
    let sp_lev = std::fs::read_to_string(root.join("include/sp_lev.h"))
        .map_err(|e| TreeError::io(root, "cannot read include/sp_lev.h", e))?;
    if sp_lev.contains("SPO_") {
        Ok(crate::des::Dialect::NetHack36)
    } else if sp_lev.contains("mazepart") {
        Ok(crate::des::Dialect::NetHack343)
    } else {
        Err(TreeError::new(
            root,
            "its include/sp_lev.h has neither the 3.4.3 family's records (mazepart) nor 3.6's \
             opcodes: an unknown level format",
        ))
    }
}

/// `VERSION_MAJOR.VERSION_MINOR.PATCHLEVEL` from `include/patchlevel.h`,
/// or in the NetHack4 family from `libnethack_common/include/nethack.h`
/// (its `patchlevel.h` includes that).
fn read_version(repository: &Path, root: &Path) -> Result<String, TreeError> {
    let mut text = std::fs::read_to_string(root.join("include/patchlevel.h"))
        .map_err(|e| TreeError::io(root, "cannot read include/patchlevel.h", e))?;
    let common = repository.join(NETHACK4_VERSION_HEADER);
    if !text.contains("VERSION_MAJOR") && common.is_file() {
        text = std::fs::read_to_string(&common).map_err(|e| {
            TreeError::io(
                repository,
                &format!("cannot read {NETHACK4_VERSION_HEADER}"),
                e,
            )
        })?;
    }
    let get = |name: &str| {
        text.lines().find_map(|l| {
            // `#define NAME` or, as nethack.h has it, `# define NAME`.
            let l = l.trim_start().strip_prefix('#')?;
            let mut words = l.split_whitespace();
            (words.next() == Some("define") && words.next() == Some(name))
                .then(|| words.next().map(str::to_string))
                .flatten()
        })
    };
    match (
        get("VERSION_MAJOR"),
        get("VERSION_MINOR"),
        get("PATCHLEVEL"),
    ) {
        (Some(a), Some(b), Some(c)) => Ok(format!("{a}.{b}.{c}")),
        _ => Err(TreeError::new(
            root,
            "include/patchlevel.h does not define VERSION_MAJOR, VERSION_MINOR and PATCHLEVEL",
        )),
    }
}

/// The cache key of a tree's probe output: every file it reads, the probe
/// itself and the target. Not the compiler: any C compiler for the target
/// lays out the same structs.
fn probe_key(files: &[PathBuf], options: &TreeOptions) -> Result<blake3::Hash, TreeError> {
    let mut h = blake3::Hasher::new();
    h.update(b"levbuild game probe\0");
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(NAMES_PROBE.as_bytes());
    h.update(GAME_PROBE.as_bytes());
    h.update(VERSION_PROBE.as_bytes());
    h.update(PROBE_REVISION);
    h.update(options.target.as_deref().unwrap_or("host").as_bytes());
    for d in &options.defines {
        h.update(d.as_bytes());
        h.update(b"\0");
    }
    for f in files {
        let bytes = std::fs::read(f).map_err(|e| {
            TreeError::io(
                f.parent().unwrap_or(f),
                &format!("cannot read {}", f.display()),
                e,
            )
        })?;
        h.update(f.file_name().unwrap_or_default().as_encoded_bytes());
        h.update(&(bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(h.finalize())
}

/// What the probe reports.
struct ProbeFacts {
    monsters: Vec<(super::names::Name, u8)>,
    objects: Vec<(super::names::Name, u8)>,
    monster_classes: Vec<u8>,
    object_classes: Vec<u8>,
    features: Features,
    header: Vec<u64>,
}

/// Reads the probe's output; its numbering lines go to `format`.
fn parse_probe(
    root: &Path,
    text: &str,
    format: &mut RecordFormat,
) -> Result<ProbeFacts, TreeError> {
    let mut numbered = [false; super::tree_format::PROBE_TABLES];
    let bad = |line: &str| TreeError::new(root, format!("unexpected probe output line {line:?}"));
    let mut facts = ProbeFacts {
        monsters: Vec::new(),
        objects: Vec::new(),
        monster_classes: Vec::new(),
        object_classes: Vec::new(),
        features: Features::none(),
        header: Vec::new(),
    };
    let mut saw_header = false;
    for line in text.lines() {
        let (tag, rest) = line.split_once(' ').ok_or_else(|| bad(line))?;
        let symbol = |s: &str| {
            s.parse::<i32>()
                .ok()
                .map(|v| v as u8)
                .ok_or_else(|| bad(line))
        };
        match tag {
            "M" | "O" => {
                let (class, name) = rest.split_once(' ').unwrap_or((rest, ""));
                let entry = (name.to_owned().into(), symbol(class)?);
                if tag == "M" {
                    facts.monsters.push(entry);
                } else {
                    facts.objects.push(entry);
                }
            }
            "MC" => facts.monster_classes.push(symbol(rest)?),
            "MF" => {
                let (number, name) = rest.split_once(' ').ok_or_else(|| bad(line))?;
                let number = number.parse::<i16>().map_err(|_| bad(line))?;
                (format.numbering.monster_female_names).push((name.into(), number));
            }
            "OC" => facts.object_classes.push(symbol(rest)?),
            "F" => {
                let (name, on) = rest.split_once(' ').ok_or_else(|| bad(line))?;
                facts.features = if on == "1" {
                    std::mem::replace(&mut facts.features, Features::none()).define(name)
                } else {
                    std::mem::replace(&mut facts.features, Features::none()).undefine(name)
                };
            }
            "V" => {
                let words: Vec<u64> = rest.split(' ').filter_map(|w| w.parse().ok()).collect();
                if !(3..=5).contains(&words.len()) {
                    return Err(bad(line));
                }
                facts.header = words;
                saw_header = true;
            }
            _ if tag.starts_with('N') => {
                if !super::tree_format::apply_probe_line(format, &mut numbered, line) {
                    return Err(bad(line));
                }
            }
            _ => return Err(bad(line)),
        }
    }
    if !saw_header || facts.monsters.is_empty() || facts.objects.is_empty() {
        return Err(TreeError::new(root, "the probe's output is incomplete"));
    }
    Ok(facts)
}

/// The `version_info` words of a `date.h`: `VERSION_NUMBER`,
/// `VERSION_FEATURES`, `VERSION_SANITY1`, `VERSION_SANITY2`, and
/// `VERSION_SANITY3` where it is defined (NetHack 3.6).
fn parse_date_h(text: &str) -> Result<Vec<u64>, String> {
    const NAMES: [&str; 5] = [
        "VERSION_NUMBER",
        "VERSION_FEATURES",
        "VERSION_SANITY1",
        "VERSION_SANITY2",
        "VERSION_SANITY3",
    ];
    // Three sanity words in 3.6, two in the 3.4.3 family, one in the
    // NetHack4 family (no struct sizes).
    let has = |name: &str| {
        text.lines()
            .any(|l| l.split_whitespace().nth(1) == Some(name))
    };
    let words = if has("VERSION_SANITY3") {
        5
    } else if has("VERSION_SANITY2") {
        4
    } else {
        3
    };
    NAMES[..words]
        .iter()
        .map(|name| {
            let value = text
                .lines()
                .find_map(|l| {
                    let mut words = l.split_whitespace();
                    (words.next() == Some("#define") && words.next() == Some(name))
                        .then(|| words.next())
                        .flatten()
                })
                .ok_or_else(|| format!("no #define {name}"))?;
            let digits = value.trim_end_matches(['U', 'L', 'u', 'l']);
            let parsed = match digits
                .strip_prefix("0x")
                .or_else(|| digits.strip_prefix("0X"))
            {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => digits.parse(),
            };
            parsed.map_err(|_| format!("{name} is {value:?}, not a number"))
        })
        .collect()
}

/// Compiles and runs both probe stages in a temporary directory.
fn run_probe(root: &Path, numbers: &str, options: &TreeOptions) -> Result<String, TreeError> {
    let mut defines = hints_defines(root)?;
    defines.extend(configure_defines(root));
    defines.extend(options.defines.iter().cloned());
    // The NetHack4 family's objects[] is a copy of its const tables that
    // init_objlist() makes at run time (its objclass.h declares both).
    let objclass_h = std::fs::read_to_string(root.join("include/objclass.h")).unwrap_or_default();
    if objclass_h.contains("init_objlist") {
        defines.push("LEVBUILD_INIT_OBJLIST".into());
    }
    // FIQHack's get_monster_id matches a monster's female name too.
    let lev_main = std::fs::read_to_string(root.join("util/lev_main.c")).unwrap_or_default();
    if lev_main.contains("mons[i].fname") {
        defines.push("LEVBUILD_FEMALE_NAMES".into());
    }
    // The NetHack4 family's version_info has no struct sizes (global.h).
    let global_h = std::fs::read_to_string(root.join("include/global.h")).unwrap_or_default();
    if global_h.contains("struct version_info") && !global_h.contains("struct_sizes") {
        defines.push("LEVBUILD_NO_STRUCT_SIZES".into());
    }
    // The tree's headers, not its version number or level format, say
    // which structures the probe reads: 3.6's version_info has two struct
    // size words and its class symbols are structs (decl.h); SporkHack
    // and UnNetHack have 3.6's opcode lev_comp and 3.4.3's of both.
    if global_h.contains("struct_sizes2") {
        defines.push("LEVBUILD_STRUCT_SIZES2".into());
    }
    let decl_h = std::fs::read_to_string(root.join("include/decl.h")).unwrap_or_default();
    if decl_h.contains("struct class_sym def_monsyms") {
        defines.push("LEVBUILD_CLASS_SYM".into());
    }
    let work =
        ProbeDir::new().map_err(|e| TreeError::io(root, "cannot make a temporary directory", e))?;
    let include = root.join("include");
    let common = nethack4_common_include(root);
    let src = root.join("src");
    let write = |name: &str, text: &str| {
        std::fs::write(work.0.join(name), text)
            .map_err(|e| TreeError::io(root, "cannot write the probe", e))
    };
    write("levbuild_names.c", NAMES_PROBE)?;
    write("levbuild_probe.c", GAME_PROBE)?;
    write("levbuild_version.c", VERSION_PROBE)?;
    write("levbuild_features.c", &features_source())?;
    write("levbuild_numbers.c", numbers)?;

    // Stage one, for the host: names for pm.h and onames.h. The tables
    // (the longest compiles) are compiled once, and linked again into the
    // second stage when it is for the host too.
    let host = host_triple();
    let host_cc = CCompiler::find(root, &host)?;
    let names_exe = work.0.join("levbuild_names");
    let tables = [src.join("monst.c"), src.join("objects.c")];
    let mut names_sources = vec![work.0.join("levbuild_names.c")];
    names_sources.extend(tables.iter().cloned());
    // dNetHack's family lists its gods in godlist.h, whose names makedefs
    // -g writes to the gnames.h its headers include.
    let names_defines: Vec<String> = (defines.iter().cloned())
        .chain((include.join("godlist.h").is_file()).then(|| "LEVBUILD_GODS".into()))
        .collect();
    let host_objects = work.0.join("host");
    let target = options.target.clone().unwrap_or_else(|| host.clone());
    let mut names_defines = names_defines;
    let mut includes: Vec<&Path> = vec![&include];
    if let Some(common) = &common {
        includes.push(common);
        names_defines.extend(aimake_defines(&host));
        defines.extend(aimake_defines(&target));
        // Its makedefs -e features are its deflist's, not config.h's.
        defines.push("LEVBUILD_DEFLIST".into());
    }
    let names_objects = host_cc.objects(
        root,
        &host_objects,
        &includes,
        &names_sources,
        &names_defines,
    )?;
    host_cc.link(root, &names_objects, &names_exe)?;
    let names = run(root, &names_exe)?;
    let generated = work.0.join("include");
    std::fs::create_dir_all(&generated)
        .map_err(|e| TreeError::io(root, "cannot write the probe", e))?;
    let (pm_h, onames_h, gnames_h) = generated_headers(root, &names)?;
    for (file, text) in [
        ("pm.h", pm_h),
        ("onames.h", onames_h),
        ("gnames.h", gnames_h),
        // The NetHack4 family's makedefs includes artinames.h, which its
        // build makes by preprocessing artilist.h with ARTINAMES_H (the
        // list of names only); no other tree includes it.
        ("artinames.h", ARTINAMES_H.to_string()),
    ] {
        std::fs::write(generated.join(file), text)
            .map_err(|e| TreeError::io(root, "cannot write the probe", e))?;
    }

    // Stage two, for the game's target: its struct sizes are the header's.
    let probe_exe = work.0.join("levbuild_probe");
    // The header comes from the tree's own makedefs -v (its feature bits
    // are its own: SLASH'EM's are not vanilla's), linked in.
    let mut sources = vec![
        work.0.join("levbuild_probe.c"),
        work.0.join("levbuild_features.c"),
        work.0.join("levbuild_version.c"),
    ];
    sources.extend(tree_sources(root).map(|s| src.join(s)));
    sources.extend(nethack4_common_sources(root));
    sources.push(work.0.join("levbuild_numbers.c"));
    // The host's table objects serve a probe for the host (no tree source
    // reads the probe's own defines).
    let reused: Vec<PathBuf> = match target == host {
        true => names_objects[1..].to_vec(),
        false => Vec::new(),
    };
    if !reused.is_empty() {
        sources.retain(|s| !tables.contains(s));
    }
    defines.push("LEVBUILD_NUMBERS".into());
    let util = root.join("util");
    let target_cc = match target == host {
        true => host_cc,
        false => CCompiler::find(root, &target)?,
    };
    let mut objects = target_cc.objects(
        root,
        &work.0.join("target"),
        &[generated.as_path(), &include, &util]
            .into_iter()
            .chain(common.as_deref())
            .collect::<Vec<_>>(),
        &sources,
        &defines,
    )?;
    objects.extend(reused);
    target_cc.link(root, &objects, &probe_exe)?;
    run(root, &probe_exe)
}

/// The `-D` defines of the `CFLAGS` lines of the tree's hints file
/// ([`HINTS_FILE`]), as the shell passes them (`\"` a quote); one whose
/// value names a Makefile variable (`HACKDIR=\"$(HACKDIR)\"`, a path of
/// the installation) is left out: no such define changes a table or the
/// header. None for a tree without one.
fn hints_defines(root: &Path) -> Result<Vec<String>, TreeError> {
    let path = root.join(HINTS_FILE);
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| TreeError::io(root, &format!("cannot read {HINTS_FILE}"), e))?;
    Ok(text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("CFLAGS+=")
                .or_else(|| l.strip_prefix("CFLAGS="))
        })
        .flat_map(str::split_whitespace)
        .filter_map(|flag| flag.strip_prefix("-D"))
        .filter(|d| !d.is_empty() && !d.contains('$'))
        .map(|d| d.replace("\\\"", "\""))
        .collect())
}

/// The defines a tree built by its configure script ([`CONFIGURE_FILE`],
/// and no hints file) needs from it: `HAVE_INTTYPES_H` and
/// `HAVE_STDINT_H`, which configure finds on every C99 system and which
/// UnNetHack's `config.h` tests outside `AUTOCONF` before it includes the
/// header that gives `flag.h` its `uint64_t`. The rest of configure's
/// `autoconf.h` (and `autoconf_paths.h`, installation paths) is not
/// defined: with `AUTOCONF` undefined, `config.h`'s own defaults give the
/// same version features and tables as configure's defaults (UnNetHack
/// 5.3.2's header is its `date.h`'s).
fn configure_defines(root: &Path) -> Vec<String> {
    match !root.join(HINTS_FILE).is_file() && root.join(CONFIGURE_FILE).is_file() {
        true => vec!["HAVE_INTTYPES_H=1".into(), "HAVE_STDINT_H=1".into()],
        false => Vec::new(),
    }
}

/// The `levbuild_features` function of the probe: each feature name
/// `makedefs -e` knows, defined or not in the tree's configuration.
fn features_source() -> String {
    let mut c =
        String::from("#include <stdio.h>\n#include \"hack.h\"\nvoid levbuild_features(void)\n{\n");
    for name in Features::default().names() {
        c.push_str(&format!(
            "#ifdef {name}\n    puts(\"F {name} 1\");\n#else\n    puts(\"F {name} 0\");\n#endif\n"
        ));
    }
    c.push_str("}\n");
    c
}

/// `pm.h`, `onames.h` and `gnames.h` as the tree's `makedefs -p`, `-o`
/// and `-g` write them, from the first stage's output.
fn generated_headers(root: &Path, names: &str) -> Result<(String, String, String), TreeError> {
    let bad = |line: &str| TreeError::new(root, format!("unexpected probe output line {line:?}"));
    let mut monsters: Vec<(i32, &str)> = Vec::new();
    let mut objects: Vec<(i32, i32, &str)> = Vec::new();
    let mut artifacts: Vec<&str> = Vec::new();
    let mut gods: Vec<&str> = Vec::new();
    let mut classes: std::collections::HashMap<&str, i32> = std::collections::HashMap::new();
    for line in names.lines() {
        let number = |s: Option<&str>| {
            s.and_then(|s| s.parse::<i32>().ok())
                .ok_or_else(|| bad(line))
        };
        let (tag, rest) = line.split_once(' ').ok_or_else(|| bad(line))?;
        match tag {
            "M" => {
                let (class, name) = rest.split_once(' ').ok_or_else(|| bad(line))?;
                monsters.push((number(Some(class))?, name));
            }
            "O" => {
                let mut parts = rest.splitn(3, ' ');
                let class = number(parts.next())?;
                let material = number(parts.next())?;
                objects.push((class, material, parts.next().unwrap_or("")));
            }
            "A" => artifacts.push(rest),
            "G" => gods.push(rest),
            "CLASS" => {
                let (name, value) = rest.split_once(' ').ok_or_else(|| bad(line))?;
                classes.insert(name, number(Some(value))?);
            }
            _ => return Err(bad(line)),
        }
    }
    let class = |name: &str| classes.get(name).copied().unwrap_or(-1);

    let mut pm = String::from("/* pm.h, as makedefs -p writes it (by levbuild's game probe) */\n#ifndef PM_H\n#define PM_H\n");
    if monsters.first().is_none_or(|(_, n)| *n != "playermon") {
        pm.push_str("#define PM_PLAYERMON (-1)\n");
    }
    for (i, (mlet, name)) in monsters.iter().enumerate() {
        let were = *mlet == class("S_HUMAN") && name.starts_with("were");
        let prefix = if were { "HUMAN_" } else { "" };
        pm.push_str(&format!("#define PM_{prefix}{} {i}\n", constant(name)));
    }
    pm.push_str(&format!("#define NUMMONS {}\n#endif\n", monsters.len()));

    let mut onames = String::from("/* onames.h, as makedefs -o writes it (by levbuild's game probe) */\n#ifndef ONAMES_H\n#define ONAMES_H\n");
    let mut spells = 0;
    for (i, (oclass, material, name)) in objects.iter().enumerate() {
        if name.is_empty() {
            continue;
        }
        let name = constant(name);
        let prefix = [
            ("WAND", "WAN_"),
            ("RING", "RIN_"),
            ("POTION", "POT_"),
            ("SPBOOK", "SPE_"),
            ("SCROLL", "SCR_"),
        ]
        .into_iter()
        .find(|(c, _)| *oclass == class(c))
        .map(|(_, p)| p);
        if *oclass == class("SPBOOK") {
            spells += 1;
        }
        if *oclass == class("AMULET") && *material == class("PLASTIC") {
            onames.push_str(&format!("#define FAKE_AMULET_OF_YENDOR {i}\n"));
        } else if *oclass == class("GEM") && *material == class("GLASS") {
            // makedefs leaves the glass gems as comments.
        } else {
            let limit = if prefix.is_some() { 26 } else { 30 };
            let short: String = name.chars().take(limit).collect();
            onames.push_str(&format!("#define {}{short} {i}\n", prefix.unwrap_or("")));
        }
    }
    onames.push_str(&format!(
        "#define LAST_GEM (JADE)\n#define MAXSPELL {}\n#define NUM_OBJECTS {}\n",
        spells + 1,
        objects.len()
    ));
    for (i, name) in artifacts.iter().enumerate() {
        let mut name = constant(name);
        name = name
            .strip_prefix("THE_")
            .map_or(name.clone(), str::to_string);
        if classes.contains_key("TOURIST") {
            name = name
                .strip_prefix("PLATINUM_")
                .map_or(name.clone(), str::to_string);
        }
        let short: String = name.chars().take(26).collect();
        onames.push_str(&format!("#define ART_{short} {}\n", i + 1));
    }
    onames.push_str(&format!(
        "#define NROFARTIFACTS {}\n#endif\n",
        artifacts.len()
    ));
    // makedefs -g: GOD_NAME for each god (a leading `_` dropped), from 1.
    let mut gnames = String::from(
        "/* gnames.h, as makedefs -g writes it (by levbuild's game probe) */\n\
         #ifndef GNAMES_H\n#define GNAMES_H\n#define GOD_NONE (0)\n",
    );
    for (i, name) in gods.iter().enumerate() {
        let name = constant(name.strip_prefix('_').unwrap_or(name));
        gnames.push_str(&format!("#define GOD_{name} {}\n", i + 1));
    }
    gnames.push_str(&format!("#define MAX_GOD {}\n#endif\n", gods.len()));
    Ok((pm, onames, gnames))
}

/// A name as makedefs turns it into a C constant: letters upper-cased,
/// everything else `_`.
fn constant(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The C compiler for one target, as the `cc` crate finds it (`CC`
/// chooses another).
struct CCompiler {
    tool: cc::Tool,
    target: String,
}

impl CCompiler {
    fn find(root: &Path, target: &str) -> Result<CCompiler, TreeError> {
        let mut build = cc::Build::new();
        build
            .cargo_metadata(false)
            .cargo_warnings(false)
            .warnings(false)
            .opt_level(0)
            .debug(false)
            .target(target)
            .host(&host_triple());
        let tool = build.try_get_compiler().map_err(|e| {
            TreeError::new(
                root,
                format!(
                    "no C compiler for {target}: {e} (levbuild compiles the tree's own C to read \
                     its tables; install one, or set CC to its path)"
                ),
            )
        })?;
        Ok(CCompiler {
            tool,
            target: target.to_string(),
        })
    }

    /// Compiles each of `sources` into an object file in `dir` with
    /// `includes` and `defines`, the sources side by side (one compiler
    /// process each, as many at once as there are cores); the objects, in
    /// the sources' order.
    fn objects(
        &self,
        root: &Path,
        dir: &Path,
        includes: &[&Path],
        sources: &[PathBuf],
        defines: &[String],
    ) -> Result<Vec<PathBuf>, TreeError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| TreeError::io(root, "cannot write the probe", e))?;
        let objects: Vec<PathBuf> = (sources.iter())
            .map(|s| {
                dir.join(s.file_name().unwrap_or_default())
                    .with_extension("o")
            })
            .collect();
        let jobs: Vec<(&PathBuf, &PathBuf)> = sources.iter().zip(&objects).collect();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results = std::sync::Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads.min(jobs.len()) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((source, object)) = jobs.get(i) else {
                        break;
                    };
                    let mut cmd = self.tool.to_command();
                    for dir in includes {
                        cmd.arg("-I").arg(dir);
                    }
                    for d in defines {
                        cmd.arg(format!("-D{d}"));
                    }
                    cmd.arg("-c").arg(source).arg("-o").arg(object);
                    let done = self.run(root, cmd);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, done));
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        // The first source's error, as one compile of them all gave it.
        results.sort_by_key(|(i, _)| *i);
        for (_, done) in results {
            done?;
        }
        Ok(objects)
    }

    /// Links `objects` into `exe`.
    fn link(&self, root: &Path, objects: &[PathBuf], exe: &Path) -> Result<(), TreeError> {
        let mut cmd = self.tool.to_command();
        cmd.args(objects).arg("-o").arg(exe);
        self.run(root, cmd)
    }

    fn run(&self, root: &Path, mut cmd: Command) -> Result<(), TreeError> {
        let out = cmd.output().map_err(|e| {
            TreeError::io(
                root,
                &format!(
                    "cannot run the C compiler {} (set CC to choose another)",
                    self.tool.path().display()
                ),
                e,
            )
        })?;
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            return Err(TreeError::new(
                root,
                format!(
                    "the tree's C does not compile with {} for {}:\n{}",
                    self.tool.path().display(),
                    self.target,
                    compile_errors(root, &self.target, &stderr)
                ),
            ));
        }
        Ok(())
    }
}

/// What a failed compile of the tree's C is told: a missing C library
/// header once (each source file hits it: it was printed once per file)
/// with what to do; else the compiler's first eight distinct error lines.
fn compile_errors(root: &Path, target: &str, stderr: &str) -> String {
    if let Some((line, header)) = missing_system_header_line(root, stderr) {
        return format!(
            "{line}\nThe C library headers for {target} are missing ({header}): install them \
             (on Debian or Ubuntu, gcc-multilib for i686 on x86_64; for other targets a \
             cross toolchain, with CC set to its compiler), or write the game's identity \
             once where they are installed (`levbuild game --game-tree ROOT --target \
             {target} -o FILE`) and build with `--game FILE` (GameSource::identity_file), which \
             needs no C compiler"
        );
    }
    let mut first: Vec<&str> = Vec::new();
    // A link's own errors are its undefined references; its last line
    // (`collect2: error: ld returned 1`) says only that it failed.
    for line in stderr
        .lines()
        .filter(|l| l.contains("error") || l.contains("undefined reference"))
    {
        if first.len() == 8 {
            break;
        }
        if !first.contains(&line) {
            first.push(line);
        }
    }
    match first.is_empty() {
        true => stderr.trim().to_string(),
        false => first.join("\n"),
    }
}

/// The header a compiler's errors say is missing, when it is a system
/// header (included from outside the tree, or by a name the tree does
/// not have): the target's C library is not installed.
#[cfg(test)]
fn missing_system_header(root: &Path, stderr: &str) -> Option<String> {
    missing_system_header_line(root, stderr).map(|(_, header)| header.to_string())
}

/// The compiler's line that names a missing system header, and the header.
fn missing_system_header_line<'e>(root: &Path, stderr: &'e str) -> Option<(&'e str, &'e str)> {
    stderr.lines().find_map(|line| {
        let (place, rest) = line.split_once(": fatal error: ")?;
        let header = rest.strip_suffix(": No such file or directory")?;
        let from_tree = Path::new(place.split(':').next()?).starts_with(root);
        let tree_has = root.join("include").join(header).exists();
        (!from_tree && !tree_has || header.starts_with("bits/") || header.starts_with("gnu/"))
            .then_some((line, header))
    })
}

fn run(root: &Path, exe: &Path) -> Result<String, TreeError> {
    let out = Command::new(exe).output().map_err(|e| {
        TreeError::io(
            root,
            "cannot run the probe built for the game's target (a game for a target this machine \
             cannot run needs its include/date.h)",
            e,
        )
    })?;
    if !out.status.success() {
        return Err(TreeError::new(
            root,
            format!(
                "the probe failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        ));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| TreeError::new(root, "the probe printed names that are not UTF-8"))
}

/// The host's Rust target triple: Cargo's `HOST` in a build script, else
/// the one levbuild itself was compiled for.
fn host_triple() -> String {
    if let Ok(host) = std::env::var("HOST") {
        return host;
    }
    let arch = std::env::consts::ARCH;
    match std::env::consts::OS {
        "linux" => format!(
            "{arch}-unknown-linux-{}",
            if cfg!(target_env = "musl") {
                "musl"
            } else {
                "gnu"
            }
        ),
        "macos" => format!(
            "{}-apple-darwin",
            if arch == "aarch64" { "aarch64" } else { arch }
        ),
        "windows" => format!(
            "{arch}-pc-windows-{}",
            if cfg!(target_env = "gnu") {
                "gnu"
            } else {
                "msvc"
            }
        ),
        os => format!("{arch}-unknown-{os}"),
    }
}

/// A temporary directory for the probe, removed when dropped.
struct ProbeDir(PathBuf);

impl ProbeDir {
    fn new() -> io::Result<ProbeDir> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "levbuild-probe-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)?;
        Ok(ProbeDir(dir))
    }
}

impl Drop for ProbeDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_makefile_naming_a_missing_level_file_is_not_the_trees_build() {
        let dir = std::env::temp_dir().join(format!("levbuild-mkdat-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sys/unix")).unwrap();
        std::fs::create_dir_all(dir.join("dat")).unwrap();
        std::fs::write(dir.join("dat/a.des"), "").unwrap();
        std::fs::write(dir.join("dat/town-1.des"), "").unwrap();
        std::fs::write(
            dir.join("sys/unix/Makefile.dat"),
            "levs: a.des town-?.des\n",
        )
        .unwrap();
        let files = |dir: &Path| makefile_level_files(dir).unwrap().1;
        assert_eq!(
            files(&dir),
            Some(vec!["a.des".to_string(), "town-?.des".to_string()])
        );
        // dNetHack's: a name its dat/ spells otherwise.
        std::fs::write(
            dir.join("sys/unix/Makefile.dat"),
            "levs: a.des erebor.des\n",
        )
        .unwrap();
        assert_eq!(files(&dir), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_nethack4_repository_keeps_its_levels_under_libnethack() {
        let dir = std::env::temp_dir().join(format!("levbuild-nh4-{}", std::process::id()));
        let lib = dir.join("libnethack");
        std::fs::create_dir_all(lib.join("util")).unwrap();
        std::fs::create_dir_all(lib.join("include")).unwrap();
        std::fs::create_dir_all(dir.join("libnethack_common/include")).unwrap();
        assert_eq!(level_root(&dir), dir);
        std::fs::write(lib.join("util/lev_comp.y"), "").unwrap();
        assert_eq!(level_root(&dir), lib);
        assert_eq!(
            nethack4_common_include(&lib),
            Some(dir.join("libnethack_common/include"))
        );
        assert_eq!(nethack4_common_include(&dir), None);
        // Its patchlevel.h includes nethack.h, which says `# define`.
        std::fs::write(lib.join("include/patchlevel.h"), "#include \"nethack.h\"\n").unwrap();
        std::fs::write(
            dir.join(NETHACK4_VERSION_HEADER),
            "# define VERSION_MAJOR  4\n# define VERSION_MINOR  3\n# define PATCHLEVEL     1\n",
        )
        .unwrap();
        assert_eq!(read_version(&dir, &lib).unwrap(), "4.3.1");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            aimake_os_define("x86_64-unknown-linux-gnu"),
            "AIMAKE_BUILDOS_linux"
        );
        assert_eq!(
            aimake_os_define("x86_64-pc-windows-gnu"),
            "AIMAKE_BUILDOS_MSWin32"
        );
    }

    #[test]
    fn date_h_words_parse() {
        let text = "#define VERSION_NUMBER 0x00020200UL\n#define VERSION_FEATURES 0x003e0cc6UL\n\
                    #define IGNORED_FEATURES 0x00800000UL\n#define VERSION_SANITY1 0x211bb16cUL\n\
                    #define VERSION_SANITY2 0xb8f34d70UL\n";
        assert_eq!(
            parse_date_h(text),
            Ok(vec![0x20200, 0x3e0cc6, 0x211bb16c, 0xb8f34d70])
        );
        assert_eq!(
            parse_date_h("#define VERSION_NUMBER 0x1\n"),
            Err("no #define VERSION_FEATURES".to_string())
        );
        // NetHack 3.6's fifth word.
        let nh36 = format!("{text}#define VERSION_SANITY3 0x00028000UL\n");
        assert_eq!(
            parse_date_h(&nh36),
            Ok(vec![0x20200, 0x3e0cc6, 0x211bb16c, 0xb8f34d70, 0x28000])
        );
        // The NetHack4 family's one sanity word (FIQHack's date.h).
        let nh4 = "#define VERSION_NUMBER 0x04030100U\n#define VERSION_FEATURES 0x00000000U\n\
                   #define VERSION_SANITY1 0x211b817cU\n";
        assert_eq!(parse_date_h(nh4), Ok(vec![0x04030100, 0, 0x211b817c]));
        let bad = text.replace("0x003e0cc6UL", "oops");
        assert!(parse_date_h(&bad)
            .unwrap_err()
            .contains("VERSION_FEATURES is \"oops\""));
    }

    #[test]
    fn a_missing_c_library_is_named() {
        let root = Path::new("/src/game");
        let stderr = "In file included from /src/game/include/config.h:3,\n\
                      /usr/include/stdio.h:27:10: fatal error: bits/libc-header-start.h: No such file or directory\n";
        assert_eq!(
            missing_system_header(root, stderr).as_deref(),
            Some("bits/libc-header-start.h")
        );
        // A header the tree's own sources need and lack is the tree's problem.
        let own = "/src/game/src/monst.c:5:10: fatal error: pm.h: No such file or directory\n";
        assert_eq!(missing_system_header(root, own), None);
        assert_eq!(missing_system_header(root, "monst.c:1: error: x\n"), None);
    }

    /// Without gcc-multilib every source file of the probe stops at the
    /// same missing header: the error says it once, with the hint, not
    /// eight times.
    #[test]
    fn a_missing_c_library_is_said_once_with_its_hint() {
        let root = Path::new("/src/game");
        let line = "/usr/include/stdio.h:27:10: fatal error: bits/libc-header-start.h: \
                    No such file or directory";
        let stderr = format!(
            "In file included from /src/game/include/config.h:3,\n{line}\ncompilation \
             terminated.\n"
        )
        .repeat(8);
        let text = compile_errors(root, "i686-unknown-linux-gnu", &stderr);
        assert_eq!(text.matches("fatal error").count(), 1, "{text}");
        assert!(text.starts_with(line), "{text}");
        assert!(
            text.contains("C library headers for i686-unknown-linux-gnu are missing"),
            "{text}"
        );
        // Other errors: the distinct ones, in order.
        let other = "a.c:1:1: error: x\nb.c:2:1: error: y\na.c:1:1: error: x\n";
        assert_eq!(
            compile_errors(root, "t", other),
            "a.c:1:1: error: x\nb.c:2:1: error: y"
        );
    }

    #[test]
    fn the_dungeon_rule_names_the_dungeon_files() {
        let slashem_extended = "all:\tdungeon dungeon2\n\
            dungeon: dungeon.def ../util/makedefs ../util/dgn_comp\n\
            \t../util/makedefs -e\n\t../util/dgn_comp dungeon.pdf\n\
            dungeon2: dungeon2.def ../util/makedefs ../util/dgn_comp\n";
        assert_eq!(dungeon_rule_files(slashem_extended), ["dungeon.def"]);
        let continued = "DGN = x\ndungeon spare: ../dat/a.def \\\n\tb.def $(X).def a.def\n";
        assert_eq!(dungeon_rule_files(continued), ["a.def", "b.def"]);
        assert!(dungeon_rule_files("dungeon := dungeon.def\n").is_empty());
        assert!(
            dungeon_rule_files("dungeonx: a.def\nall: dungeon\n\t@echo dungeon: x.def\n")
                .is_empty()
        );
    }

    #[test]
    fn constants_are_named_as_makedefs_names_them() {
        assert_eq!(constant("giant ant"), "GIANT_ANT");
        assert_eq!(constant("Woodland-elf"), "WOODLAND_ELF");
    }
}
