import COpenSSL

/// AES-256-GCM through OpenSSL's EVP, 12-byte nonce, no AAD.
enum AESGCM {
    /// The ciphertext and its 16-byte tag, or `nil`.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> (
        ciphertext: [UInt8], tag: [UInt8]
    )? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1 else { return nil }
        // GCM is a stream mode: same length as the plaintext.
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        var written: Int32 = 0
        if !plaintext.isEmpty {
            guard EVP_EncryptUpdate(context, &ciphertext, &written, plaintext, Int32(plaintext.count)) == 1
            else { return nil }
        }
        var tail = [UInt8](repeating: 0, count: 16)
        var tailLength: Int32 = 0
        var tag = [UInt8](repeating: 0, count: 16)
        guard EVP_EncryptFinal_ex(context, &tail, &tailLength) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &tag) == 1
        else { return nil }
        return (Array(ciphertext.prefix(Int(written))), tag)
    }

    /// The plaintext, or `nil` when the tag does not verify.
    static func open(_ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1 else { return nil }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        var written: Int32 = 0
        if !ciphertext.isEmpty {
            guard EVP_DecryptUpdate(context, &plaintext, &written, ciphertext, Int32(ciphertext.count)) == 1
            else { return nil }
        }
        var expectedTag = tag
        var tail = [UInt8](repeating: 0, count: 16)
        var tailLength: Int32 = 0
        guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, &expectedTag) == 1,
            EVP_DecryptFinal_ex(context, &tail, &tailLength) == 1
        else { return nil }
        return Array(plaintext.prefix(Int(written)))
    }
}
