{% macro centimes_vers_euros(colonne, precision=2) %}
    round({{ colonne }} / 100.0, {{ precision }})
{% endmacro %}
