//! Links `juiz-pid-init` (the init of a bot's pid namespace, `src/bot/sandbox/pid1/main.rs`)
//! without the C library's start files and statically: the kernel enters its own `_start`, with
//! no loader to run and no relocation to apply (about 0.1 ms a start against 2 ms for a program
//! with the C library; `docs/benchmarks-containment.md`).

fn main() {
    for arg in ["-nostartfiles", "-nostdlib", "-static", "-no-pie"] {
        println!("cargo::rustc-link-arg-bin=juiz-pid-init={arg}");
    }
    println!("cargo::rerun-if-changed=build.rs");
}
