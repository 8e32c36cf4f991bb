//! The Web Worker's browser side: the game library's IndexedDB store. The
//! program itself (`main.rs`) only wires `onmessage` to it and to the
//! searcher's service, both in `ludoteca-core`.

#[cfg(target_family = "wasm")]
pub mod store;

/// The allocator of the worker's `.wasm`: Talc, smaller and faster there
/// than the standard library's dlmalloc.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
