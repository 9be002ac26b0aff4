package middleware

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

type ctxKey string

const TenantKey ctxKey = "tenant_id"

// Auth checks a bearer token "tenantID.signature" signed with HMAC-SHA256.
func Auth(key []byte) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			parts := strings.SplitN(tok, ".", 2)
			if len(parts) != 2 {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			mac := hmac.New(sha256.New, key)
			mac.Write([]byte(parts[0]))
			want := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
			if !hmac.Equal([]byte(want), []byte(parts[1])) {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), TenantKey, parts[0])))
		})
	}
}
