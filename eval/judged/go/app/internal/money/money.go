package money

import "github.com/shopspring/decimal"

type Line struct {
	Qty       decimal.Decimal
	UnitPrice decimal.Decimal
	VATRate   decimal.Decimal
}

// Totals returns the net and VAT totals, rounded half-up to cents per line.
func Totals(lines []Line) (net, vat decimal.Decimal) {
	for _, l := range lines {
		n := l.Qty.Mul(l.UnitPrice).Round(2)
		net = net.Add(n)
		vat = vat.Add(n.Mul(l.VATRate).Round(2))
	}
	return net, vat
}
