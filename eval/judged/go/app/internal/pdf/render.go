package pdf

import (
	"bytes"
	"fmt"
	"text/template"

	"github.com/acme/invoicer/internal/invoice"
)

var tmpl = template.Must(template.New("inv").Parse("Invoice {{.Number}}\nTotal: {{.NetTotal}} {{.Currency}}\n"))

// RenderText is a placeholder until the PDF renderer lands.
func RenderText(inv invoice.Invoice) ([]byte, error) {
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, inv); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return buf.Bytes(), nil
}
