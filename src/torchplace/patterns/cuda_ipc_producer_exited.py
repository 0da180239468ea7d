"""A process shared CUDA tensors (CUDA IPC) and exited before its consumers let go."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="cuda-ipc-producer-exited",
    title="CUDA tensor shared between processes outlived its producer",
    cause=(
        "A CUDA tensor passed through a `torch.multiprocessing` queue is shared by CUDA IPC: the "
        "memory stays owned by the process that made it. That producer exited (or was killed) "
        "while another process still held the tensor; the consumer's copy is invalid and the "
        "memory cannot be freed cleanly."
    ),
    fix=(
        "Keep the producer alive until every consumer has released what it received (join the "
        "consumers first, or wait on an event), or let each worker allocate its own CUDA "
        "tensors and pass CPU tensors or results between processes."
    ),
    fix_example=(
        "queue.put(tensor)\nconsumer_done.wait()  # before the producer returns\n"
        "# or: queue.put(tensor.cpu()) and .to(device) in the consumer"
    ),
    lint_rules=(),
    signatures=(r"Producer process has been terminated before all shared CUDA tensors released",),
    hints=("multiprocessing", "Queue", "spawn", "mp.Process"),
)
