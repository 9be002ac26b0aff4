package money

import (
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
)

func TestTotals(t *testing.T) {
	tests := []struct {
		name    string
		lines   []Line
		net     string
		vat     string
	}{
		{"empty", nil, "0", "0"},
		{"one line 20%", []Line{{decimal.RequireFromString("2"), decimal.RequireFromString("450"), decimal.RequireFromString("0.2")}}, "900", "180"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			net, vat := Totals(tt.lines)
			assert.True(t, net.Equal(decimal.RequireFromString(tt.net)))
			assert.True(t, vat.Equal(decimal.RequireFromString(tt.vat)))
		})
	}
}
