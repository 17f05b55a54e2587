//! Classic BPF for the seccomp filter: a small assembler with labels (jumps resolved once the
//! program is laid out) and the interpreter the tests run programs with. Only the instructions a
//! seccomp filter of ours needs: load a word of `seccomp_data`, compare with a constant, mask,
//! jump, return.

/// `struct seccomp_data`'s offsets: the call's number, its architecture, its arguments.
pub(crate) const NR: u32 = 0;
pub(crate) const ARCH: u32 = 4;
/// The low 32 bits of argument `i` (little-endian: the word at the argument's own offset).
pub(crate) const fn arg_low(i: u8) -> u32 {
    16 + 8 * i as u32
}

const LD_W_ABS: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const JEQ_K: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const JGE_K: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
// Jumps other programs use (seccompiler's, compared in the tests).
#[cfg(test)]
const JGT_K: u16 = (libc::BPF_JMP | libc::BPF_JGT | libc::BPF_K) as u16;
#[cfg(test)]
const JSET_K: u16 = (libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K) as u16;
#[cfg(test)]
const JA: u16 = (libc::BPF_JMP | libc::BPF_JA) as u16;
const AND_K: u16 = (libc::BPF_ALU | libc::BPF_AND | libc::BPF_K) as u16;
const RET_K: u16 = (libc::BPF_RET | libc::BPF_K) as u16;

/// Where a conditional jump goes: the next instruction or a label.
#[derive(Clone, Copy, Debug)]
pub(crate) enum To {
    Next,
    Label(usize),
}

/// A program being written: instructions whose jumps name labels, and where each label is.
#[derive(Default)]
pub(crate) struct Asm {
    code: Vec<(u16, To, To, u32)>,
    labels: Vec<Option<usize>>,
}

impl Asm {
    /// A new label, placed later with `place`.
    pub(crate) fn label(&mut self) -> usize {
        self.labels.push(None);
        self.labels.len() - 1
    }

    /// Puts `label` at the next instruction.
    pub(crate) fn place(&mut self, label: usize) {
        self.labels[label] = Some(self.code.len());
    }

    /// A = the word at `offset` of `seccomp_data`.
    pub(crate) fn load(&mut self, offset: u32) {
        self.code.push((LD_W_ABS, To::Next, To::Next, offset));
    }

    /// A &= `mask`.
    pub(crate) fn and(&mut self, mask: u32) {
        self.code.push((AND_K, To::Next, To::Next, mask));
    }

    /// To `yes` when A == `k`, else to `no`.
    pub(crate) fn jeq(&mut self, k: u32, yes: To, no: To) {
        self.code.push((JEQ_K, yes, no, k));
    }

    /// To `yes` when A >= `k`, else to `no`.
    pub(crate) fn jge(&mut self, k: u32, yes: To, no: To) {
        self.code.push((JGE_K, yes, no, k));
    }

    /// Returns `action`.
    pub(crate) fn ret(&mut self, action: u32) {
        self.code.push((RET_K, To::Next, To::Next, action));
    }

    /// The program, every jump resolved; an error when a label is never placed or lies backwards
    /// or beyond a conditional jump's reach (255 instructions).
    pub(crate) fn finish(self) -> Result<Vec<libc::sock_filter>, String> {
        let mut program = Vec::with_capacity(self.code.len());
        for (at, &(code, yes, no, k)) in self.code.iter().enumerate() {
            let offset = |to: To| -> Result<u8, String> {
                let target = match to {
                    To::Next => return Ok(0),
                    To::Label(l) => self.labels[l].ok_or_else(|| format!("label {l} never placed"))?,
                };
                target
                    .checked_sub(at + 1)
                    .and_then(|d| u8::try_from(d).ok())
                    .ok_or_else(|| format!("jump from {at} to {target} out of reach"))
            };
            program.push(libc::sock_filter { code, jt: offset(yes)?, jf: offset(no)?, k });
        }
        Ok(program)
    }
}

/// Runs `program` on the call `nr` of architecture `arch` with arguments `args`, as the kernel
/// does; `None` for an instruction this interpreter does not know or a jump out of the program.
#[cfg(test)]
pub(crate) fn run(program: &[libc::sock_filter], nr: i32, arch: u32, args: [u64; 6]) -> Option<u32> {
    let word = |offset: u32| -> Option<u32> {
        match offset {
            NR => Some(nr as u32),
            ARCH => Some(arch),
            8 | 12 => Some(0), // the instruction pointer: not used by any rule
            o if (16..64).contains(&o) && o % 4 == 0 => {
                let arg = args[(o as usize - 16) / 8];
                Some(if o % 8 == 0 { arg as u32 } else { (arg >> 32) as u32 })
            }
            _ => None,
        }
    };
    let (mut pc, mut a) = (0usize, 0u32);
    loop {
        let insn = program.get(pc)?;
        pc += 1;
        let jump = |taken: bool| usize::from(if taken { insn.jt } else { insn.jf });
        match insn.code {
            LD_W_ABS => a = word(insn.k)?,
            AND_K => a &= insn.k,
            JEQ_K => pc += jump(a == insn.k),
            JGE_K => pc += jump(a >= insn.k),
            JGT_K => pc += jump(a > insn.k),
            JSET_K => pc += jump(a & insn.k != 0),
            JA => pc += insn.k as usize,
            RET_K => return Some(insn.k),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_resolve_forward_and_an_unplaced_one_is_an_error() {
        let mut asm = Asm::default();
        let (yes, no) = (asm.label(), asm.label());
        asm.load(NR);
        asm.jeq(7, To::Label(yes), To::Label(no));
        asm.place(yes);
        asm.ret(1);
        asm.place(no);
        asm.ret(2);
        let program = asm.finish().unwrap();
        assert_eq!(run(&program, 7, 0, [0; 6]), Some(1));
        assert_eq!(run(&program, 8, 0, [0; 6]), Some(2));

        let mut asm = Asm::default();
        let never = asm.label();
        asm.jge(1, To::Label(never), To::Next);
        assert!(asm.finish().unwrap_err().contains("never placed"));
    }

    #[test]
    fn arguments_are_read_as_low_and_high_words() {
        let mut asm = Asm::default();
        let other = asm.label();
        asm.load(arg_low(2));
        asm.and(0xff);
        asm.jeq(0x34, To::Next, To::Label(other));
        asm.ret(1);
        asm.place(other);
        asm.ret(2);
        let program = asm.finish().unwrap();
        assert_eq!(run(&program, 0, 0, [0, 0, 0xffff_0000_0000_1234, 0, 0, 0]), Some(1));
        assert_eq!(run(&program, 0, 0, [0, 0, 0x1235, 0, 0, 0]), Some(2));
    }
}
