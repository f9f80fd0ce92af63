// Network: a generic HTTP client driven by plist request descriptors.
// Its types arrive with the Network layer issue; the module exists now so that the
// dependency rule is enforced from the first commit.
