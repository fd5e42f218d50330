//! The process's peak memory, for the examples that time a computation.

/// The peak resident memory so far, in MiB (Linux's `VmHWM`; `None` elsewhere).
pub fn peak_memory_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
