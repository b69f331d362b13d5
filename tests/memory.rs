//! Memory of compiling a long NetHack 3.6 file (issue #26): the file is
//! read, parsed and compiled a chunk of statements at a time and its
//! level's bytes are written as they are compiled, so a build holds about
//! the bytes it writes, not the whole file's tokens, syntax tree and
//! program (about 35 times the source, before). A counting allocator (in
//! this test binary of its own, so no other test allocates at the same
//! time) measures the most heap `des::compile_levels` holds at once; the
//! bound is a multiple of the source's size, not a time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use levbuild::des;
use levbuild::Game;

/// The global allocator, counting the bytes allocated and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let live = LIVE.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

fn shrank(n: usize) {
    LIVE.fetch_sub(n, Ordering::Relaxed);
}

// SAFETY: every call is passed to `System` unchanged; only sizes are
// counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                shrank(layout.size() - new_size);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The level's head: a map, an array and a shuffled list.
const HEAD: &str = "MAZE: \"memory\", ' '
FLAGS: noteleport
GEOMETRY:center,center
MAP
-------------
|...........|
|...........|
-------------
ENDMAP
$place = { (1,1),(2,1),(3,2) }
SHUFFLE: $place
$mon = monster: { 'L','N','E' }
";

/// Statements repeated until the file is long: things, a trap, a door,
/// a chance, a loop, a region and an engraving.
const BODY: &str = "OBJECT:('(',\"chest\"),$place[0]
MONSTER:('D',\"red dragon\"),(5,1),asleep
MONSTER:$mon[1],(4,2),hostile
TRAP:\"hole\",(3,1)
DOOR:closed,(6,0)
IF [50%] {
  OBJECT:'[',(2,2)
} ELSE {
  MONSTER:'a',(3,2)
}
LOOP [2] {
  OBJECT:random,random
}
REGION:(1,1,3,2),lit,\"ordinary\"
ENGRAVING:(2,1),burn,\"Elbereth\"
";

/// The tests measure one process-wide peak: one runs at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The most heap compiling `source` with `options` holds at once, and the
/// bytes of the levels written (the caller holds [`ONE_AT_A_TIME`]).
fn peak_of(source: &str, options: &des::Options) -> (usize, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let blobs = des::compile_levels(source, "long.des", options).expect("it compiles");
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let written: usize = blobs.levels.iter().map(|l| l.bytes.len()).sum();
    (peak, written)
}

#[test]
fn a_long_36_file_compiles_in_a_small_multiple_of_its_size() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut source = String::from(HEAD);
    while source.len() < 3 << 20 {
        source.push_str(BODY);
    }
    let options = des::Options::for_game(Game::nethack_367());
    let (peak, written) = peak_of(&source, &options);
    let ratio = peak as f64 / source.len() as f64;
    eprintln!(
        "{} bytes of source -> {written} bytes of level: {peak} bytes of heap at most ({ratio:.2} times the source)",
        source.len()
    );
    // The level's bytes are 2.5 times the source: what is held besides
    // them (a chunk's tokens and syntax tree, the map rows, the growth of
    // the bytes' buffer) is a fraction of it.
    assert!(written > 2 * source.len(), "{written} bytes written");
    assert!(
        peak < 6 * source.len(),
        "compiling {} bytes took {peak} bytes of heap at once ({ratio:.1} times)",
        source.len()
    );
}

/// A 3.4.3 maze level (named by `{}`): a map and the statements of a
/// part, each kind well under the 127 records a part holds.
const LEVEL_343: &str = "MAZE: \"{}\", ' '
FLAGS: noteleport
GEOMETRY:center,center
MAP
-------------
|...........|
|.....+.....|
-------------
ENDMAP
RANDOM_PLACES:(1,1),(2,1),(3,2)
RANDOM_MONSTERS:'L','N','E'
OBJECT:'(',\"chest\",place[0]
MONSTER:'D',\"red dragon\",(5,1),asleep
MONSTER:monster[1],random,(4,2),hostile
TRAP:\"hole\",(3,1)
DOOR:closed,(6,2)
OBJECT:'[',random,random
OBJECT:random,random,random
MONSTER:'a',random,random
REGION:(1,1,3,2),lit,\"ordinary\"
ENGRAVING:(2,1),burn,\"Elbereth\"
STAIR:(9,1),down
NON_DIGGABLE:(0,0,12,3)
";

#[test]
fn a_long_343_file_compiles_in_a_small_multiple_of_its_size() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut source = String::new();
    for n in 0.. {
        if source.len() >= 3 << 20 {
            break;
        }
        source.push_str(&LEVEL_343.replace("{}", &format!("m{n:06}")));
    }
    let options = des::Options::default();
    let (peak, written) = peak_of(&source, &options);
    let ratio = peak as f64 / source.len() as f64;
    eprintln!(
        "{} bytes of source -> {written} bytes of levels: {peak} bytes of heap at most ({ratio:.2} times the source)",
        source.len()
    );
    // Each level is encoded as it is finished: what is held is about the
    // bytes written (0.7 times the source) and one chunk's tokens and
    // statements.
    assert!(written > source.len() / 2, "{written} bytes written");
    assert!(
        peak < 4 * source.len(),
        "compiling {} bytes took {peak} bytes of heap at once ({ratio:.1} times)",
        source.len()
    );
}
