class OrderMailer < ApplicationMailer
  def confirmation
    @order = params[:order]
    mail to: @order.buyer.email, subject: "Your order ##{@order.id}"
  end
end
