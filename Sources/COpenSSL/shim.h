// The parts of OpenSSL's libcrypto that Heroes uses: AES-256-GCM and a secure random source.
#ifndef HEROES_COPENSSL_SHIM_H
#define HEROES_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/rand.h>
#endif
