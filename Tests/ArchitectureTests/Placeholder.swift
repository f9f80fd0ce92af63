// Architecture tests.
