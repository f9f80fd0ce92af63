import COpenSSL

/// AES-256-GCM through OpenSSL's EVP, 12-byte nonce, no AAD.
enum AESGCM {
    /// The ciphertext and its 16-byte tag, or `nil`.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> (
        ciphertext: [UInt8], tag: [UInt8]
    )? {
        run(plaintext, key: key, nonce: nonce, tag: nil).map { ($0.output, $0.tag) }
    }

    /// The plaintext, or `nil` when the tag does not verify.
    static func open(_ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        run(ciphertext, key: key, nonce: nonce, tag: tag)?.output
    }

    /// Encrypts when `tag` is `nil` (answering the tag), else decrypts and checks `tag`.
    private static func run(_ input: [UInt8], key: [UInt8], nonce: [UInt8], tag: [UInt8]?) -> (
        output: [UInt8], tag: [UInt8]
    )? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_CipherInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce, tag == nil ? 1 : 0) == 1 else {
            return nil
        }
        // GCM is a stream mode: the output is as long as the input.
        var output = [UInt8](repeating: 0, count: input.count)
        var written: Int32 = 0
        if !input.isEmpty {
            guard EVP_CipherUpdate(context, &output, &written, input, Int32(input.count)) == 1 else {
                return nil
            }
        }
        var tagBytes = tag ?? [UInt8](repeating: 0, count: 16)
        var tail = [UInt8](repeating: 0, count: 16)
        var tailLength: Int32 = 0
        guard tag == nil || EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, &tagBytes) == 1,
            EVP_CipherFinal_ex(context, &tail, &tailLength) == 1,
            tag != nil || EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &tagBytes) == 1
        else { return nil }
        return (Array(output.prefix(Int(written))), tagBytes)
    }
}
