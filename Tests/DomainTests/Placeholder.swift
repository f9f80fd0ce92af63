// Domain tests.
