"""The views stage: one module per answer, shared by the CLI, the web pages and their JSON twins."""
