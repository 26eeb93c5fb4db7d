# SPDX-License-Identifier: GPL-2.0
#
# Sphinx configuration of the project's documentation, in the style of the
# kernel's Documentation/: reStructuredText, C as the primary domain, no
# highlighting unless a block names its language. Nothing here reaches the
# network (no intersphinx, no remote theme): the suite builds it offline,
# with warnings as errors (scripts/test.sh, "docs"):
#
#   sphinx-build -W --keep-going -b html Documentation <output directory>
#
# The output goes outside the checkout ($RSHA_CACHE/docs in the suite).

project = "rust-arm-sha"
author = "rust-arm-sha developers"
copyright = "rust-arm-sha developers; GPL-2.0"

needs_sphinx = "5.0"
extensions = []

root_doc = "index"
master_doc = "index"
source_suffix = {".rst": "restructuredtext"}
# The tables' data files (csv-table :file:) and the images are read by the
# pages, not pages themselves.
exclude_patterns = ["_build", "**/.*"]

# As the kernel's documentation: C declarations by default, literal blocks
# shown as they are, quotes left as written.
primary_domain = "c"
highlight_language = "none"
smartquotes = False
# Only the roles Sphinx and docutils know: an unknown one is an error with -W.
nitpicky = False

html_theme = "alabaster"
html_theme_options = {"nosidebar": False}
html_title = "rust-arm-sha"
html_static_path = []
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_use_index = False
html_domain_indices = False
