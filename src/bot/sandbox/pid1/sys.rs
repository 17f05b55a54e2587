//! The init's whole contact with the kernel: its entry point (`_start`, no C library runs before
//! it), raw system calls, and the five memory and string functions the compiler may call. Nothing here
//! allocates, takes a lock or keeps state: after `fork` the child may use all of it.
//!
//! The init is linked without the C library's start files (`build.rs`): there is no loader to
//! run, no relocation to apply, no C library state to set up — and so no C function may be
//! called (they would find their library uninitialised). Rust's standard library is linked
//! because the package is built with unwinding panics, but nothing here uses it.

use core::arch::naked_asm;

/// `_start`: the kernel enters here with the stack holding `argc`, `argv`, NULL, `envp`, NULL.
#[cfg(target_arch = "x86_64")]
#[unsafe(no_mangle)]
#[unsafe(naked)]
pub unsafe extern "C" fn _start() -> ! {
    // The stack pointer (at argc) is the argument; the stack aligned as a call expects.
    naked_asm!("mov rdi, rsp", "and rsp, -16", "call {entry}", "ud2", entry = sym crate::entry)
}

#[cfg(target_arch = "aarch64")]
#[unsafe(no_mangle)]
#[unsafe(naked)]
pub unsafe extern "C" fn _start() -> ! {
    naked_asm!("mov x0, sp", "bl {entry}", "brk #0", entry = sym crate::entry)
}

/// A system call with up to six arguments: the kernel's return value (`-errno` on failure).
///
/// # Safety
/// The arguments must be valid for the call (pointers to live memory of the right size).
#[cfg(target_arch = "x86_64")]
pub unsafe fn syscall(number: libc::c_long, args: [usize; 6]) -> isize {
    let ret: isize;
    // SAFETY: the caller passes arguments valid for this call; `syscall` clobbers rcx and r11.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") number as isize => ret,
            in("rdi") args[0], in("rsi") args[1], in("rdx") args[2],
            in("r10") args[3], in("r8") args[4], in("r9") args[5],
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

/// As on x86_64.
///
/// # Safety
/// As on x86_64.
#[cfg(target_arch = "aarch64")]
pub unsafe fn syscall(number: libc::c_long, args: [usize; 6]) -> isize {
    let ret: isize;
    // SAFETY: the caller passes arguments valid for this call.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") number,
            inlateout("x0") args[0] as isize => ret,
            in("x1") args[1], in("x2") args[2], in("x3") args[3], in("x4") args[4], in("x5") args[5],
            options(nostack),
        );
    }
    ret
}

/// The call's result, or its errno.
pub fn check(ret: isize) -> Result<usize, i32> {
    if ret < 0 { Err(-ret as i32) } else { Ok(ret as usize) }
}

pub fn write(fd: i32, bytes: &[u8]) -> isize {
    // SAFETY: a valid buffer of the length given.
    unsafe { syscall(libc::SYS_write, [fd as usize, bytes.as_ptr() as usize, bytes.len(), 0, 0, 0]) }
}

pub fn read(fd: i32, buf: &mut [u8]) -> isize {
    // SAFETY: a valid buffer of the length given.
    unsafe { syscall(libc::SYS_read, [fd as usize, buf.as_mut_ptr() as usize, buf.len(), 0, 0, 0]) }
}

pub fn close(fd: i32) {
    // SAFETY: closing a descriptor number; a wrong one only fails.
    unsafe { syscall(libc::SYS_close, [fd as usize, 0, 0, 0, 0, 0]) };
}

pub fn exit(code: i32) -> ! {
    loop {
        // SAFETY: ends the process.
        unsafe { syscall(libc::SYS_exit_group, [code as usize, 0, 0, 0, 0, 0]) };
    }
}

// The compiler turns some copies, fills and `CStr` lengths into calls of these. The C library's are not there
// (see the module's doc), so the init has its own (a call of any other C function would crash it); volatile accesses keep the compiler from
// turning their loops back into calls of themselves.

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    for i in 0..n {
        // SAFETY: the caller's buffers hold `n` bytes and do not overlap.
        unsafe { dest.add(i).write_volatile(src.add(i).read_volatile()) };
    }
    dest
}

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    if (dest as usize) < (src as usize) {
        // SAFETY: as memcpy; forward, so that an overlap is read before it is written.
        return unsafe { memcpy(dest, src, n) };
    }
    for i in (0..n).rev() {
        // SAFETY: the caller's buffers hold `n` bytes; backward for an overlap.
        unsafe { dest.add(i).write_volatile(src.add(i).read_volatile()) };
    }
    dest
}

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn memset(dest: *mut u8, byte: libc::c_int, n: usize) -> *mut u8 {
    for i in 0..n {
        // SAFETY: the caller's buffer holds `n` bytes.
        unsafe { dest.add(i).write_volatile(byte as u8) };
    }
    dest
}

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> libc::c_int {
    for i in 0..n {
        // SAFETY: the caller's buffers hold `n` bytes.
        let (x, y) = unsafe { (a.add(i).read_volatile(), b.add(i).read_volatile()) };
        if x != y {
            return libc::c_int::from(x) - libc::c_int::from(y);
        }
    }
    0
}

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> libc::c_int {
    // SAFETY: as memcmp.
    unsafe { memcmp(a, b, n) }
}

/// # Safety
/// As the C function of this name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn strlen(text: *const libc::c_char) -> usize {
    let mut n = 0;
    // SAFETY: the caller's string is NUL-terminated.
    while unsafe { text.add(n).read_volatile() } != 0 {
        n += 1;
    }
    n
}
