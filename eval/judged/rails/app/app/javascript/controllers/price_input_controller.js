import { Controller } from "@hotwired/stimulus"

export default class extends Controller {
  static targets = ["field"]

  format() {
    const value = this.fieldTarget.value.replace(/[^\d]/g, "")
    this.fieldTarget.value = value
  }
}
