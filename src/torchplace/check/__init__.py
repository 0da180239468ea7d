"""`torchplace check`: lint a tree, run its entry scripts on virtual (or real) GPUs with the
explainer, and print one short report ranked by how surely each finding will crash."""
