defmodule MooringsWeb.PageHTML do
  use MooringsWeb, :html
  embed_templates "page_html/*"
end
