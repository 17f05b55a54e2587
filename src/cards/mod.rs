//! Placeholder: this module is being written (see the issues).
