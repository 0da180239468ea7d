"""PyYAML's safe loader with bounded nesting and bounded alias expansion (see `safe_data`).

The composer builds a node graph in which an alias is the anchored node itself, shared. Before
anything is constructed, the graph is measured as if every alias (and merge key) were copied
out: nodes, scalar bytes and depth. A recursive anchor (`&a [*a]`) has no finite expansion and
is refused too.
"""

from __future__ import annotations

from typing import Any

from torchplace.safe_data import DataError, Limits

try:
    import yaml
except ImportError:  # pragma: no cover - pyyaml is in every extra that reads YAML
    yaml = None


def load(text: str, limits: Limits, source: str) -> Any:
    try:
        import yaml as installed
    except ImportError:
        installed = None
    if yaml is None or installed is None:
        raise DataError(
            f"reading {source} needs PyYAML, which is not installed: pip install pyyaml "
            "(or pip install 'torchplace[dev]')"
        )
    loader = None
    try:
        # The reader checks the text's characters already while it is built.
        loader = _Loader(text, limits, source)
        node = loader.get_single_node()
        if node is None:
            return None
        _measure(node, limits, source)
        return loader.construct_document(node)
    except DataError:
        raise
    except RecursionError:
        raise DataError(f"{source} is nested deeper than {limits.max_depth} levels") from None
    except yaml.YAMLError as error:
        raise DataError(f"{source} is not valid YAML: {_one_line(error)}") from None
    except (ValueError, TypeError, OverflowError) as error:
        # Constructors of the safe loader raise these on odd scalars (dates, huge ints, keys).
        raise DataError(f"{source} is not valid YAML: {_one_line(error)}") from None
    finally:
        if loader is not None:
            loader.dispose()


if yaml is not None:

    class _Loader(yaml.SafeLoader):  # type: ignore[misc]
        """Counts the composer's depth as it descends; refuses beyond `max_depth`."""

        def __init__(self, text: str, limits: Limits, source: str) -> None:
            super().__init__(text)
            self._limits = limits
            self._source = source
            self._depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self._depth += 1
            try:
                if self._depth > self._limits.max_depth:
                    raise DataError(
                        f"{self._source} is nested deeper than {self._limits.max_depth} levels"
                    )
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _measure(root: Any, limits: Limits, source: str) -> None:
    """Nodes, scalar bytes and depth of the fully expanded document, computed iteratively."""
    done: dict[int, tuple[int, int, int]] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        key = id(node)
        if key in done:
            continue
        if expanded:
            done[key] = _combine(node, done, limits, source)
            open_nodes.discard(key)
            continue
        if key in open_nodes:
            raise DataError(f"{source} has a recursive alias (an anchor used inside itself)")
        open_nodes.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in open_nodes:
                raise DataError(f"{source} has a recursive alias (an anchor used inside itself)")
            if id(child) not in done:
                stack.append((child, False))


def _combine(
    node: Any, done: dict[int, tuple[int, int, int]], limits: Limits, source: str
) -> tuple[int, int, int]:
    nodes, size, depth = 1, len(node.value) if isinstance(node, yaml.ScalarNode) else 0, 1
    for child in _children(node):
        child_nodes, child_size, child_depth = done[id(child)]
        nodes += child_nodes
        size += child_size
        depth = max(depth, child_depth + 1)
    if nodes > limits.max_nodes:
        raise DataError(
            f"{source} expands to more than {limits.max_nodes} nodes through its aliases "
            "(an alias bomb?)"
        )
    if size > limits.max_expanded_bytes:
        raise DataError(
            f"{source} expands to more than {limits.max_expanded_bytes} bytes through its aliases"
        )
    if depth > limits.max_depth:
        raise DataError(f"{source} is nested deeper than {limits.max_depth} levels")
    return nodes, size, depth


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:300]
