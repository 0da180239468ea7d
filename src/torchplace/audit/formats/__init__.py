"""Output formats for an `AuditReport`: one module per format, each with `render(report)`.

`text` (the terminal), `svg` (a self-contained picture), `html` (the picture plus tables);
JSON is `json.dumps(report.to_dict())`.
"""
