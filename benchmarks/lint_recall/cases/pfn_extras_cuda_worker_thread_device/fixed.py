import atexit
import multiprocessing as mp
import os
import queue
import threading
import time
import weakref
from contextlib import contextmanager
from typing import Callable, Dict, Generator, Optional, Tuple

import torch
from pytorch_pfn_extras.reporting import DictSummary

class _CUDAWorker:
    def __init__(
        self,
        add: Callable[[str, float], None],
        max_queue_size: int,
    ) -> None:
        self._add = add
        self._max_queue_size = max_queue_size
        self._initialized = False
        self._thread: Optional[threading.Thread] = None
        self._queue: Optional["queue.Queue[Optional[_QueueElem]]"] = None
        self._event_lock = threading.Lock()
        self._events: Optional["queue.Queue[torch.cuda.Event]"] = None
        self._thread_exited = False

    def initialize(self) -> None:
        if self._initialized:
            return
        self._queue = queue.Queue(self._max_queue_size)
        self._events = queue.Queue(self._max_queue_size * 2)
        self._thread = threading.Thread(
            target=self._worker,
            args=(torch.cuda.current_device(),),
            daemon=True,
        )
        self._thread.start()
        self._initialized = True
        self._thread_exited = False

    def finalize(self) -> None:
        if not self._initialized:
            return
        assert self._queue is not None
        assert self._thread is not None
        if not self._thread_exited:
            self._queue.put(None)
        self._queue.join()
        self._initialized = False

    def synchronize(self) -> None:
        assert self._queue is not None
        self._queue.join()

    def put(
        self,
        name: str,
        events: Tuple[torch.cuda.Event, torch.cuda.Event],
    ) -> None:
        assert self._queue is not None
        assert not self._thread_exited
        self._queue.put((name, events))

    def _worker(self, device_id: int) -> None:
        assert self._queue is not None
        assert self._events is not None
        torch.cuda.set_device(device_id)
        while True:
            try:
                v = self._queue.get()
            except EOFError:
                self._thread_exited = True
                break
            if v is None:
                self._queue.task_done()
                break
            name, (begin, end) = v
            assert begin.device == end.device
            assert begin.device.index == torch.cuda.current_device()
            end.synchronize()  # type: ignore[no-untyped-call]
            t_ms = begin.elapsed_time(end)  # type: ignore[no-untyped-call]
            self._add(name, t_ms / 1000)
            with self._event_lock:
                self._events.put(begin)
                self._events.put(end)
            self._queue.task_done()
